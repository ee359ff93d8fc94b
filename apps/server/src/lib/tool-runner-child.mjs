// The tool runner's helper process (tool-runner.ts): a small Node process without the app loaded, which starts the
// short-lived tools (ffmpeg) the server asks for and hands back what they wrote. Starting a process copies
// the starting process's page tables: 30 ms and more of a blocked event loop for a server of several hundred MB,
// about 1 ms here. Plain JavaScript, so it starts without the TypeScript loader.
import { spawn } from 'node:child_process';
import os from 'node:os';

const STDERR_MAX = 64 * 1024;
/**
 * The tools run below the server's priority (niceness is inherited): decoding a recording can wait a few
 * milliseconds, the event loop that answers every request and socket should not wait for it.
 */
const NICENESS = 10;
try {
  os.setPriority(NICENESS);
} catch {
  // Not allowed here: the tools run at the server's priority.
}

process.on('message', (job) => {
  const { id, cmd, args, input, timeoutMs, maxStdout } = job;
  const reply = (result) => process.send?.({ id, ...result });
  let child;
  try {
    child = spawn(cmd, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  } catch (err) {
    return reply({ error: err instanceof Error ? err.message : String(err) });
  }
  const out = [];
  let outBytes = 0;
  let stderr = '';
  let timedOut = false;
  let tooLarge = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  child.stdout.on('data', (c) => {
    outBytes += c.length;
    if (outBytes > maxStdout) {
      tooLarge = true;
      child.kill('SIGKILL');
    } else out.push(c);
  });
  child.stderr.on('data', (c) => {
    if (stderr.length < STDERR_MAX) stderr += c.toString('utf8');
  });
  child.on('error', (err) => {
    clearTimeout(timer);
    reply({ error: err.message });
  });
  child.on('close', (code, signal) => {
    clearTimeout(timer);
    reply({ code, signal, stdout: Buffer.concat(out), stderr, timedOut, tooLarge });
  });
  if (input) {
    child.stdin.on('error', () => {}); // a tool that exits before reading all of it
    child.stdin.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  }
});
// The server went away: so does its helper.
process.on('disconnect', () => process.exit(0));
