// Supervisor of the embedded PostgreSQL: a tiny child process forked by the server (plain JS so it starts in
// ~50 ms without a TypeScript loader). It starts `postgres`, reports when it is ready, and stops it when
// asked — or when its IPC link to the server drops, which is what happens when the server is killed with
// `kill -9`. Without it, PostgreSQL outlives the server and the next start fails on postmaster.pid.
//
// argv[2]: JSON { postgres, dataDir, port, logFile, uid?, gid?, args: string[], stopTimeoutMs }
// Messages to the parent: { type: 'ready', pid } | { type: 'exit', code, signal } | { type: 'stopped' }
// Messages from the parent: { type: 'stop' }
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

const opts = JSON.parse(process.argv[2] ?? '{}');
const send = (msg) => {
  if (process.connected) process.send?.(msg);
};

const logFd = openSync(opts.logFile, 'a', 0o600);
const child = spawn(opts.postgres, ['-D', opts.dataDir, '-p', String(opts.port), ...opts.args], {
  stdio: ['ignore', logFd, logFd],
  uid: opts.uid ?? undefined,
  gid: opts.gid ?? undefined,
  // Not the server's folder, which the postgres user may not be allowed to enter.
  cwd: opts.dataDir,
  env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
});
closeSync(logFd);

let exited = false;
let stopping;
child.on('exit', (code, signal) => {
  exited = true;
  clearInterval(poll);
  if (!stopping) send({ type: 'exit', code, signal });
  // Let the IPC message flush before leaving.
  setTimeout(() => process.exit(0), 20).unref();
});
child.on('error', (err) => {
  exited = true;
  send({ type: 'exit', code: null, signal: null, error: err.message });
  setTimeout(() => process.exit(1), 20).unref();
});

// postmaster.pid line 1 is the pid, line 8 the status ("starting", "ready", "stopping").
const pidFile = path.join(opts.dataDir, 'postmaster.pid');
const poll = setInterval(() => {
  let lines;
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return;
  }
  if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') {
    clearInterval(poll);
    send({ type: 'ready', pid: child.pid });
  }
}, 20);

function stop() {
  if (stopping) return stopping;
  stopping = new Promise((resolve) => {
    if (exited) return resolve();
    child.once('exit', () => resolve());
    // SIGINT = PostgreSQL's "fast" shutdown; SIGQUIT = immediate; SIGKILL as the last resort.
    child.kill('SIGINT');
    const t1 = setTimeout(() => child.kill('SIGQUIT'), opts.stopTimeoutMs ?? 5000);
    const t2 = setTimeout(() => child.kill('SIGKILL'), (opts.stopTimeoutMs ?? 5000) + 3000);
    child.once('exit', () => {
      clearTimeout(t1);
      clearTimeout(t2);
    });
  });
  return stopping;
}

process.on('message', (msg) => {
  if (msg?.type === 'stop') {
    void stop().then(() => {
      send({ type: 'stopped' });
      setTimeout(() => process.exit(0), 20).unref();
    });
  }
});
process.on('disconnect', () => void stop().then(() => process.exit(0)));
// The server drives the shutdown order; terminal signals reaching this process are not a reason to stop early.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
