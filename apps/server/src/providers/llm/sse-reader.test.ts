// The SSE reader in pull mode, against a real node:http server on loopback.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseReader, streamingAgent } from './sse-reader.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: http.Server | undefined;
let agent: http.Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** A server that runs `write` for each request; answers the reader and a count of the client socket's reads. */
async function open(write: (res: ServerResponse) => void): Promise<{ reader: SseReader; res: IncomingMessage; reads: () => number }> {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    write(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  agent = streamingAgent('http:');
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    http.get({ host: '127.0.0.1', port: (server!.address() as AddressInfo).port, agent }, resolve).on('error', reject),
  );
  let reads = 0;
  res.socket.on('data', () => reads++);
  return { reader: new SseReader(res), res, reads: () => reads };
}

/**
 * Writes `count` events `every` ms apart, then ends; `written()` says how many it has written so far. With `holdAt`,
 * it stops after that many until `release()`, so that nothing arrives while a test counts the reads of one pull.
 */
function ticker(count: number, every: number, holdAt = -1) {
  let i = 0;
  let held = true;
  const write = (res: ServerResponse) => {
    const timer = setInterval(() => {
      if (i === holdAt && held) return;
      res.write(`data: {"n":${i}}\n\n`);
      if (++i === count) {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }
    }, every);
    res.on('close', () => clearInterval(timer));
  };
  return Object.assign(write, { written: () => i, release: () => (held = false) });
}

/** Waits until `done()` holds (real time varies on a busy machine; a fixed sleep does not). */
async function until(done: () => boolean) {
  while (!done()) await sleep(5);
}

describe('SseReader (pull mode)', () => {
  it('hands a waiting consumer each event as it comes', async () => {
    const { reader } = await open(ticker(5, 20));
    const got: string[] = [];
    for (let batch = await reader.next(); batch; batch = await reader.next()) got.push(...batch);
    expect(got).toEqual(['{"n":0}', '{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '[DONE]']);
  });

  it('reads nothing while nobody pulls, then takes what the server wrote meanwhile in one read and one batch', async () => {
    const events = ticker(40, 5, 22);
    const { reader, reads } = await open(events);
    expect(await reader.next()).toEqual(['{"n":0}']);
    const before = reads();
    // The consumer is busy for a while: the server keeps writing (an event every 5 ms) until it has written 22, then
    // holds the rest until the batch is taken (a busy machine would otherwise deliver more while it is counted).
    await until(() => events.written() >= 22);
    await sleep(20);
    // At most the event that came right after the pull was read before the reader paused.
    expect(reads() - before).toBeLessThanOrEqual(2);
    const batch = (await reader.next())!;
    expect(batch).toHaveLength(21);
    expect(batch[0]).toBe('{"n":1}');
    expect(reads() - before).toBeLessThanOrEqual(3);
    events.release();
    // Nothing is lost or reordered, to the end.
    const rest: string[] = [];
    for (let b = await reader.next(); b; b = await reader.next()) rest.push(...b);
    const all = [...batch, ...rest];
    expect(all.at(-1)).toBe('[DONE]');
    expect(all.slice(0, -1)).toEqual(Array.from({ length: 39 }, (_, i) => `{"n":${i + 1}}`));
  });

  it('a consumer that stops pulling stops the server: its writes back up', async () => {
    let backedUp = false;
    const { reader } = await open((res) => {
      const chunk = `data: ${'x'.repeat(16 * 1024)}\n\n`;
      const pump = () => {
        for (let i = 0; i < 400; i++) {
          if (!res.write(chunk)) {
            backedUp = true;
            return;
          }
        }
        setImmediate(pump);
      };
      pump();
    });
    expect((await reader.next())!.length).toBeGreaterThan(0);
    await sleep(300);
    expect(backedUp).toBe(true);
  });

  it('rejects when the connection closes before the end of the stream', async () => {
    const { reader } = await open((res) => {
      res.write('data: {"n":0}\n\n');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(await reader.next()).toEqual(['{"n":0}']);
    await expect(reader.next()).rejects.toThrow(/aborted|closed before its end/);
  });
});
