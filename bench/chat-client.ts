// The chat bench's client side (bench/chat.ts): HTTP requests and server-sent-event streams through one keep-alive
// agent, sign-ups, the model server in its own process (bench/llm-peer.mjs) and the event-loop probe of a process.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { findFreePort, repoRoot } from '../e2e/server-process.ts';

export const ELD_PROBE = path.join(repoRoot, 'bench/eld-probe.mjs');

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let ip = 0;
export const nextIp = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export interface StreamResult {
  status: number;
  /** ms from sending the request to the first token. */
  firstMs: number;
  /** Tokens of text received ('Hello', then ' word' each). */
  tokens: number;
  /** Events that carried them. */
  events: number;
  ended: boolean;
  totalMs: number;
}

/**
 * A streaming POST, read as server-sent events. `kind` says whose events: the app's (`event: token` with
 * `{text}`, ended by `event: done`) or the model server's (`data: {choices:[{delta:{content}}]}`, ended by [DONE]).
 */
export function stream(
  url: string,
  headers: Record<string, string>,
  body: string,
  kind: 'app' | 'model',
  onFirst?: () => void,
): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const r: StreamResult = { status: 0, firstMs: -1, tokens: 0, events: 0, ended: false, totalMs: 0 };
    let buffer = '';
    const onEvent = (block: string) => {
      const data = block.slice(block.indexOf('data: ') + 6);
      let text: string | undefined;
      if (kind === 'app') {
        if (block.startsWith('event: done')) r.ended = true;
        if (block.startsWith('event: token')) text = (JSON.parse(data) as { text: string }).text;
      } else if (data === '[DONE]') {
        r.ended = true;
      } else {
        text = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? undefined;
      }
      if (!text) return;
      if (r.firstMs < 0) {
        r.firstMs = performance.now() - t0;
        onFirst?.();
      }
      r.events++;
      r.tokens += text.split(/(?=Hello| word)/).length;
    };
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
      r.status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on('end', () => resolve({ ...r, totalMs: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function signUp(base: string): Promise<string> {
  const csrf = await request(`${base}/api/auth/csrf`);
  const cookie = String(csrf.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const id = randomBytes(5).toString('hex');
  const res = await request(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, 'x-forwarded-for': nextIp() },
    body: JSON.stringify({
      email: `bench-${id}@example.com`,
      username: `b${id}`,
      password: 'bench-password-123',
      confirmPassword: 'bench-password-123',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { accessToken: string }).accessToken;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
export const sortNum = (a: number[]) => [...a].sort((x, y) => x - y);

export interface Peer {
  url: string;
  probePort: number;
  child: ChildProcess;
  set(tokens: number, tps: number, firstTokenMs?: number): Promise<void>;
}

export async function startPeer(ownClock: boolean): Promise<Peer> {
  const probePort = await findFreePort();
  const child = fork(path.join(repoRoot, 'bench/llm-peer.mjs'), [], {
    execArgv: ['--import', ELD_PROBE],
    env: { ...process.env, BENCH_PROBE_PORT: String(probePort) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({ tokens: 3, tokensPerSecond: 0 });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    probePort,
    child,
    set: (tokens, tps, firstTokenMs = 0) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({ tokens, tokensPerSecond: tps, firstTokenMs, ownClock });
      }),
  };
}

export interface ProbeStats {
  p50: number;
  p99: number;
  max: number;
  cpuMicros: number;
  heapUsed: number;
  rss: number;
}
export async function probe(port: number, what: 'reset' | 'stats' | 'gc'): Promise<ProbeStats> {
  return JSON.parse((await request(`http://127.0.0.1:${port}/${what}`)).body) as ProbeStats;
}

/** BENCH_HEAP_SNAPSHOT=1: a heap snapshot of the serving process (compare two to see what a stream keeps). */
export async function heapSnapshot(probePort: number, when: string): Promise<void> {
  if (process.env.BENCH_HEAP_SNAPSHOT !== '1') return;
  const { file } = JSON.parse((await request(`http://127.0.0.1:${probePort}/snapshot`)).body) as { file: string };
  console.log(`  heap snapshot (${when}): ${file}`);
}
