// What the HTTP benchmarks share: a closed-loop load client in its own process (load-client.mjs), and the raw
// node:http twin (raw-server.mjs) that answers each path with the very bytes the app sent, the ceiling beside it.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { repoRoot } from '../e2e/server-process.ts';

/** Latencies in ms over `total` requests. */
export interface Result {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  total: number;
}

export function child(script: string): ChildProcess {
  return fork(path.join(repoRoot, 'bench', script), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

export function ask<T>(proc: ChildProcess, msg: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`${proc.spawnfile} exited (${code})`)));
    proc.send(msg as object);
  });
}

/** `requests` requests over `paths`, `concurrency` at a time, from a load client in its own process. */
export async function measure(
  base: string,
  paths: string[],
  requests: number,
  { concurrency, headers }: { concurrency: number; headers: Record<string, string> },
): Promise<Result> {
  const client = child('load-client.mjs');
  try {
    return await ask<Result>(client, { base, paths, requests, concurrency, headers });
  } finally {
    client.kill();
  }
}

/** One answer as the raw twin replays it: status, headers (less the per-connection ones) and the body's bytes. */
export function capture(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined || ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) continue;
            out[k] = Array.isArray(v) ? v.join(', ') : v;
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

/** A raw node:http server in its own process answering each path with the bytes (compressed as sent) the app gave. */
export async function rawTwin(base: string, paths: string[], headers: Record<string, string>) {
  const routes: Record<string, unknown> = {};
  for (const p of paths) routes[p] = await capture(base + p, headers);
  const proc = child('raw-server.mjs');
  const { port } = await ask<{ port: number }>(proc, { routes });
  return { url: `http://127.0.0.1:${port}`, close: () => proc.kill() };
}
