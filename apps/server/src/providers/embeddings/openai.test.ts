// The OpenAI-compatible embedder against the real llama.cpp server (`llama-server --embeddings`) on the self-made
// tiny GGUF: the protocol, the dimension read from the first answer, unit vectors, batching; and against a small
// peer for what a real server does not do on demand (a changed dimension, a refusal).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llamaServerBinary, llamaServerSkipReason, startLlamaServer, type LlamaServer } from '../../../test/llama-server.ts';
import { tinyModelPath } from '../../../test/tiny-model.ts';
import { EmbeddingsUnavailableError } from './embedder.ts';
import { OpenAiEmbedder } from './openai.ts';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe.skipIf(!llamaServerBinary)(
  `OpenAI-compatible embeddings against llama-server${llamaServerBinary ? '' : ` (${llamaServerSkipReason})`}`,
  () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(tinyModelPath(1), [
        '--embeddings',
        '--pooling',
        'mean',
        '-c',
        '512',
        '--alias',
        'tiny',
        '--api-key',
        'sk-local',
      ]);
    }, 90_000);
    afterAll(() => server?.stop());

    it('reads the dimension from the first answer and returns one unit vector per text, in order', async () => {
      const e = new OpenAiEmbedder({ baseUrl: `${server.baseUrl}/v1`, model: 'tiny', apiKey: 'sk-local', batchSize: 2 });
      expect(e.info()).toMatchObject({ state: 'loading', dimensions: undefined, model: 'openai:tiny' });
      const texts = ['the cat sleeps', 'a red car', 'the cat sleeps'];
      const vectors = await e.embed(texts, 'passage');
      expect(vectors).toHaveLength(3);
      const dims = vectors[0]!.length;
      expect(dims).toBeGreaterThan(8);
      expect(e.info()).toMatchObject({ state: 'ready', dimensions: dims });
      for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 4);
      expect(dot(vectors[0]!, vectors[2]!)).toBeCloseTo(1, 4);
      expect(dot(vectors[0]!, vectors[1]!)).toBeLessThan(0.9999);
      expect(await e.health()).toMatchObject({ status: 'ok' });
    });

    it('says why when the server refuses the key', async () => {
      const e = new OpenAiEmbedder({ baseUrl: `${server.baseUrl}/v1`, model: 'tiny', apiKey: 'wrong' });
      const err = await e.embed(['x'], 'query').catch((x: unknown) => x);
      expect(err).toBeInstanceOf(EmbeddingsUnavailableError);
      expect((err as Error).message).toMatch(/answered 401/);
      expect(e.info().state).toBe('error');
    });
  },
);

describe('OpenAI-compatible embeddings: answers a real server gives rarely', () => {
  let peer: Server;
  let dims = 4;
  let base = '';
  beforeAll(async () => {
    peer = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { input } = JSON.parse(body) as { input: string[] };
        const data = input.map((_, index) => ({ index, embedding: Array.from({ length: dims }, (_x, i) => i + 1) }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: data.reverse() }));
      });
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => peer.close(() => r())));

  it('refuses vectors of another dimension than the first answer (a model changed behind it)', async () => {
    const e = new OpenAiEmbedder({ baseUrl: base, model: 'm' });
    expect((await e.embed(['a', 'b'], 'passage'))[0]).toHaveLength(4);
    dims = 6;
    await expect(e.embed(['c'], 'passage')).rejects.toThrow(/6 dimensions after 4/);
    dims = 4;
  });

  it('cannot reach a server that is not there', async () => {
    const e = new OpenAiEmbedder({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
    await expect(e.embed(['a'], 'query')).rejects.toBeInstanceOf(EmbeddingsUnavailableError);
    expect(await e.health()).toMatchObject({ status: 'down' });
  });
});
