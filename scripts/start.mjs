#!/usr/bin/env node
// `npm start`: build the SPA if missing or stale, then run the server (SPA + API on PORT, default 8080;
// data under DATA_DIR, default ./data). The server is a child process with inherited stdio and env;
// SIGINT/SIGTERM are forwarded and this process exits with the server's exit code.
//
// The server runs in its own process group (detached) so that a Ctrl-C in the terminal reaches it exactly
// once — through this process — instead of twice (terminal + forward), which would cut its graceful
// shutdown short. If this process exits for any other reason (even kill -9), the server is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureWebBuild, repoRoot } from './build-web.mjs';

if (!(await ensureWebBuild())) process.exit(1);

// The server's TypeScript runs through apps/server/typescript.mjs, named by its full URL: processes the server forks
// inherit the flag, wherever they run. parent-watch.mjs stops the server when this process disappears without
// forwarding a signal (kill -9).
const typescript = pathToFileURL(path.join(repoRoot, 'apps/server/typescript.mjs')).href;
const server = spawn(process.execPath, ['--import', typescript, '--import', './scripts/parent-watch.mjs', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // parent-watch.mjs acts only in the process whose parent is this one (not in processes the server forks).
  env: { ...process.env, REVERIE_WATCH_PARENT: String(process.pid) },
  detached: true,
});
const running = () => server.exitCode === null && server.signalCode === null;
process.on('exit', () => {
  if (running()) server.kill('SIGTERM');
});

const forward = (signal) => {
  if (running()) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

server.on('error', (err) => {
  console.error(`[reverie] could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: exit the conventional way (128 + signal number).
  const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  process.exit(128 + (signals[signal] ?? 1));
});
