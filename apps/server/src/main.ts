import { composeApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app, deps, modules } = await composeApp(config);

// The sandbox card processor renews, ends and retries memberships on its own clock, like Stripe does.
const sandbox = modules.billing.services.payments.sandbox;
const renewals = sandbox
  ? setInterval(() => {
      sandbox.runDue().catch((err: unknown) => app.log.warn({ err }, 'sandbox renewals failed; retrying next minute'));
    }, 60_000)
  : undefined;
renewals?.unref();
app.addHook('onClose', async () => clearInterval(renewals));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Give in-flight requests 10 s, then exit regardless.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`Reverie is running at ${config.publicUrl} (database: ${deps.database.driver})`);
