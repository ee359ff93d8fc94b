// The raw ceiling of the page benchmarks (bench:lcp, bench:lighthouse): the app's answers recorded byte for byte, then
// replayed by a bare node:http server in its own process (bench/raw-server.mjs), so a page loads with no server time.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { repoRoot } from '../e2e/server-process.ts';

/** Headers that describe one connection, not the answer. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (compressed if it was), base64. */
  body: string;
}

/** The app's answer to a path, compressed as Chromium asks a plain-HTTP origin (gzip and deflate; no brotli there). */
export function capture(base: string, url: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { headers: { 'accept-encoding': 'gzip, deflate' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (!HOP_HEADERS.has(k) && v !== undefined) headers[k] = String(v);
          resolve({ status: res.statusCode ?? 500, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

/** A bare server answering each recorded path with its answer; kill `child` when done. */
export async function startReplay(routes: Record<string, RecordedAnswer>): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(repoRoot, 'bench/raw-server.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ routes });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', () => reject(new Error('the raw server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
