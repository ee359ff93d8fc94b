import { loadConfig } from './config.ts';
import { prestartEmbedded } from './db/embedded/open.ts';
import { installSafetyNet } from './lib/safety-net.ts';
import { startFailure } from './lib/startup-error.ts';

const { config, app, deps, modulesLoadedAt } = await start().catch((err: unknown) => {
  // A setting, a secrets file or a server that does not answer: one sentence (lib/startup-error.ts), not a stack.
  console.error(startFailure(err));
  process.exit(1);
});
const builtAt = performance.now();
// From here on, an error that escapes a request is logged and the server keeps serving (lib/safety-net.ts).
installSafetyNet(app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Give in-flight requests and background work 10 s (modules drain theirs within 8 s, jobs.ts), then exit regardless.
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

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  // Without this the safety net would keep a process alive that serves nothing (a port taken by another program).
  app.log.error({ err }, listenFailure(err, config));
  await app.close().catch(() => {});
  process.exit(1);
}
// Mode and time from process start to listening (cold start). CPU time says what the start costs on an idle
// machine; wall time also counts waiting for a busy core.
const { database } = deps;
const cpu = process.cpuUsage();
const phases = `node + modules ${Math.round(modulesLoadedAt)} ms, database + app ${Math.round(builtAt - modulesLoadedAt)} ms, listen ${Math.round(performance.now() - builtAt)} ms; CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`;
app.log.info(
  `Reverie is running at ${config.publicUrl} as ${config.processRole === 'all' ? 'web and worker' : `a ${config.processRole} process`} (database: ${database.description ?? database.driver}; ready ${Math.round(performance.now())} ms after process start: ${phases})`,
);

/** One sentence for a server that could not listen: what happened and what to do. */
function listenFailure(err: unknown, c: { host: string; port: number }): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${c.port} on ${c.host} is already in use: stop the program using it, or set PORT to another port.`;
  if (code === 'EACCES') return `Port ${c.port} on ${c.host} needs more permission than this user has: set PORT to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${c.host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all).`;
  return `The server could not listen on ${c.host}:${c.port}.`;
}

async function start() {
  const config = loadConfig();
  // The embedded PostgreSQL starts while the app's modules load (cold start).
  prestartEmbedded(config.database);
  const { composeApp } = await import('./app.ts');
  const modulesLoadedAt = performance.now();
  // Background work (jobs.ts) starts and stops with the app, for this process's role (PROCESS_ROLE).
  const { app, deps } = await composeApp(config);
  return { config, app, deps, modulesLoadedAt };
}
