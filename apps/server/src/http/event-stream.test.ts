// The event stream on real sockets: framing, heartbeats during silence only, and backpressure from a client that
// stops reading.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStream } from './event-stream.ts';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** A server whose one route hands its response to `use`; resolves with the URL. */
async function serve(use: (stream: EventStream, res: http.ServerResponse) => void, heartbeatMs?: number): Promise<string> {
  server = http.createServer((_req, res) => use(new EventStream(res, { heartbeatMs, headers: { 'x-test': 'yes' } }), res));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Reads the response until it ends; `onText` sees it as it comes. */
function read(
  url: string,
  onText?: (all: string, res: http.IncomingMessage) => void,
): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          onText?.(body, res);
        });
        res.on('end', () => resolve({ headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('EventStream', () => {
  it('frames events as server-sent events with the stream headers', async () => {
    const url = await serve((s) => {
      s.send('start', { id: 1 });
      s.send('token', { text: 'Hi\nthere' });
      s.end();
    });
    const { headers, body } = await read(url);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-cache, no-transform');
    expect(headers['x-test']).toBe('yes');
    expect(body).toBe('event: start\ndata: {"id":1}\n\nevent: token\ndata: {"text":"Hi\\nthere"}\n\n');
  });

  it('writes a heartbeat comment when nothing else went out, and none while events flow', async () => {
    // The stream's clock is driven by the test (a loaded machine once stalled a real 20 ms timer past half a period).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      let stream: EventStream | undefined;
      const url = await serve((s) => (stream = s), 100);
      const reading = read(url);
      while (!stream) await new Promise((r) => setImmediate(r));
      // 250 ms of events, one every 20 ms, then 250 ms of silence.
      for (let t = 0; t < 250; t += 20) {
        stream.send('token', { text: '.' });
        vi.advanceTimersByTime(20);
      }
      vi.advanceTimersByTime(250);
      stream.end();
      const { body } = await reading;
      const [busy, quiet] = [body.slice(0, body.lastIndexOf('event: token')), body.slice(body.lastIndexOf('event: token'))];
      expect(busy).toContain('event: token');
      expect(busy).not.toContain(': keep-alive');
      expect(quiet.match(/: keep-alive\n\n/g)?.length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a writer that waits for writable() while the client is not reading, and lets it go on when it reads', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const total = 2000; // 128 MB: far more than the sockets between us hold
    let written = 0;
    let refused = 0;
    const url = await serve((s) => {
      void (async () => {
        while (written < total && !s.closed) {
          written++;
          if (!s.send('token', { text: piece })) {
            refused++;
            await s.writable();
          }
        }
        s.send('done', { written });
        s.end();
      })();
    });
    let paused = false;
    let bytes = 0;
    const { body } = await new Promise<{ body: string }>((resolve, reject) => {
      http
        .get(url, (res) => {
          let tail = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            bytes += c.length;
            tail = (tail + c).slice(-200);
            if (paused) return;
            paused = true;
            res.pause();
            void (async () => {
              await new Promise((r) => setTimeout(r, 300));
              const after300 = written;
              await new Promise((r) => setTimeout(r, 400));
              // Stalled: nothing more was produced while the client read nothing.
              expect(written).toBe(after300);
              expect(written).toBeLessThan(total / 4);
              res.resume();
            })().catch(reject);
          });
          res.on('end', () => resolve({ body: tail }));
        })
        .on('error', reject);
    });
    expect(refused).toBeGreaterThan(0);
    expect(written).toBe(total);
    expect(body.endsWith(`event: done\ndata: {"written":${total}}\n\n`)).toBe(true);
    expect(bytes).toBeGreaterThan(total * piece.length);
  }, 30_000);

  it('lets a waiting writer go when the client disconnects', async () => {
    let finished: Promise<boolean> | undefined;
    const url = await serve((s) => {
      finished = (async () => {
        while (!s.closed) if (!s.send('token', { text: 'y'.repeat(64 * 1024) })) await s.writable();
        return s.closed;
      })();
    });
    await new Promise<void>((resolve) => {
      const req = http.get(url, (res) => {
        res.pause();
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
      req.on('error', () => {});
    });
    await expect.poll(() => finished).toBeDefined();
    expect(await finished).toBe(true);
  });
});
