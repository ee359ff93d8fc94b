// A local server on 127.0.0.1 that answers like an Automatic1111 / Forge web UI (/sdapi/v1/*), for route tests and
// browser journeys of image generation: txt2img takes `durationMs` (progress and a preview meanwhile), can be held
// until released, interrupted, made to fail or to answer garbage. The pictures are real: scenes from the project's
// own seed-art generator, picked by the prompt and resized to the size asked for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { renderScene } from '../src/db/seed/art/index.ts';
import { seedCharacters } from '../src/db/seed/catalogue/index.ts';

export type SdApiBehaviour =
  | { kind: 'ok'; durationMs?: number }
  /** Holds the answer until release() or an interrupt. */
  | { kind: 'hold' }
  | { kind: 'http-error'; status: number; detail: string }
  | { kind: 'malformed' };

export interface SdApiPeer {
  url: string;
  behave(b: SdApiBehaviour): void;
  /** Lets a held txt2img answer. */
  release(): void;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  txt2imgCalls(): Array<Record<string, unknown>>;
  interrupts: number;
  close(): Promise<void>;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A picture for a prompt: a seed character's scene, resized (cover) to width × height, PNG like the web UI. */
export async function peerPicture(prompt: string, width: number, height: number, seed: number): Promise<Buffer> {
  const c = seedCharacters[hash(prompt) % seedCharacters.length]!;
  const scene = await renderScene(c.appearance, `${c.slug}-peer`, seed % 8);
  return sharp(scene).resize(width, height, { fit: 'cover', position: 'top' }).png().toBuffer();
}

export async function startSdApiPeer(initial: SdApiBehaviour = { kind: 'ok', durationMs: 300 }): Promise<SdApiPeer> {
  let behaviour = initial;
  const requests: SdApiPeer['requests'] = [];
  let current: { started: number; durationMs: number; width: number; height: number; prompt: string } | null = null;
  const releases: Array<() => void> = [];
  const state = { interrupts: 0 };
  const preview = (
    await sharp({ create: { width: 32, height: 48, channels: 3, background: { r: 120, g: 60, b: 140 } } })
      .png()
      .toBuffer()
  ).toString('base64');

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        /* not JSON */
      }
      requests.push({ path, body });
      void handle(path, body, res).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { detail: String(err) });
      });
    });
  });

  async function handle(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
    if (path === '/sdapi/v1/sd-models') {
      return json(res, 200, [
        { title: 'reverie-peer-v1.safetensors [0000aaaa]', model_name: 'reverie-peer-v1' },
        { title: 'reverie-peer-anime.safetensors [0000bbbb]', model_name: 'reverie-peer-anime' },
      ]);
    }
    if (path === '/sdapi/v1/progress') {
      if (!current) return json(res, 200, { progress: 0, eta_relative: 0, current_image: null, state: { job_count: 0 } });
      const p = Math.min(0.95, (Date.now() - current.started) / Math.max(1, current.durationMs));
      return json(res, 200, {
        progress: p,
        eta_relative: Math.max(0, (current.durationMs - (Date.now() - current.started)) / 1000),
        current_image: p > 0.3 ? preview : null,
        state: { job_count: 1 },
      });
    }
    if (path === '/sdapi/v1/interrupt') {
      state.interrupts++;
      for (const r of releases.splice(0)) r();
      return json(res, 200, {});
    }
    if (path === '/sdapi/v1/txt2img') {
      const b = behaviour;
      const width = Number(body.width) || 512;
      const height = Number(body.height) || 512;
      const count = Math.max(1, Number(body.batch_size) || 1);
      const seed = Number(body.seed) || 0;
      const prompt = String(body.prompt ?? '');
      current = { started: Date.now(), durationMs: b.kind === 'ok' ? (b.durationMs ?? 300) : 60_000, width, height, prompt };
      const interruptsBefore = state.interrupts;
      if (b.kind === 'hold') await new Promise<void>((resolve) => releases.push(resolve));
      else if (b.kind === 'ok') await new Promise((r) => setTimeout(r, b.durationMs ?? 300));
      current = null;
      if (b.kind === 'http-error') return json(res, b.status, { detail: b.detail });
      if (b.kind === 'malformed') return json(res, 200, { images: ['bm90IGFuIGltYWdl'], info: '{}' });
      // An interrupted web UI answers with whatever it had: here, nothing usable.
      if (state.interrupts > interruptsBefore) return json(res, 200, { images: [], info: '{}' });
      const images: string[] = [];
      for (let i = 0; i < count; i++) images.push((await peerPicture(prompt, width, height, seed + i)).toString('base64'));
      return json(res, 200, {
        images,
        parameters: {},
        info: JSON.stringify({ seed, all_seeds: images.map((_, i) => seed + i) }),
      });
    }
    json(res, 404, { detail: 'Not Found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    behave: (b) => (behaviour = b),
    release: () => {
      for (const r of releases.splice(0)) r();
    },
    requests,
    txt2imgCalls: () => requests.filter((r) => r.path === '/sdapi/v1/txt2img').map((r) => r.body),
    get interrupts() {
      return state.interrupts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of releases.splice(0)) r();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
