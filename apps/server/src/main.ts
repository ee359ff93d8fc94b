import { loadConfig } from './config.ts';
import { prestartEmbedded } from './db/embedded/open.ts';
import { installSafetyNet } from './lib/safety-net.ts';

const config = loadConfig();
// The embedded PostgreSQL starts while the app's modules load (cold start).
prestartEmbedded(config.database);
const { composeApp } = await import('./app.ts');
const modulesLoadedAt = performance.now();
const { app, deps, modules } = await composeApp(config);
const builtAt = performance.now();
// From here on, an error that escapes a request is logged and the server keeps serving (lib/safety-net.ts).
installSafetyNet(app.log);

// The sandbox card processor renews, ends and retries memberships on its own clock, like Stripe does.
const sandbox = modules.billing.services.payments.sandbox;
const renewals = sandbox
  ? setInterval(() => {
      sandbox.runDue().catch((err: unknown) => app.log.warn({ err }, 'sandbox renewals failed; retrying next minute'));
    }, 60_000)
  : undefined;
renewals?.unref();
app.addHook('onClose', async () => clearInterval(renewals));

// Notification digests by mail, "monthly coins ready" and the retention sweeps (safe in several processes at once).
// Also the two-year retention of closed reports, queue items, tickets and removal requests (privacy policy).
const sweeps = modules.notifications.services.sweeps;
const sweepTimer = setInterval(() => {
  sweeps.run().catch((err: unknown) => app.log.warn({ err }, 'notification sweep failed; retrying at the next one'));
  Promise.all([
    modules.moderation.services.queue.purgeClosed(),
    modules.support.services.support.purgeClosed(),
    // Accounts whose deletion delay has passed are erased; expired data exports are dropped.
    modules.account.services.deletion.sweep(),
    modules.account.services.exports.sweep(),
  ]).catch((err: unknown) => app.log.warn({ err }, 'retention sweep failed; retrying at the next one'));
}, config.notifications.sweepMinutes * 60_000);
sweepTimer.unref();
app.addHook('onClose', async () => clearInterval(sweepTimer));

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
// Mode and time from process start to listening (cold start). CPU time says what the start costs on an idle
// machine; wall time also counts waiting for a busy core.
const { database } = deps;
const cpu = process.cpuUsage();
const phases = `node + modules ${Math.round(modulesLoadedAt)} ms, database + app ${Math.round(builtAt - modulesLoadedAt)} ms, listen ${Math.round(performance.now() - builtAt)} ms; CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`;
app.log.info(
  `Reverie is running at ${config.publicUrl} (database: ${database.description ?? database.driver}; ready ${Math.round(performance.now())} ms after process start: ${phases})`,
);
