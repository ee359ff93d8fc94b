// The embedded embedder for real: llama.cpp's embedding context on the self-made tiny GGUF.
import { afterAll, describe, expect, it } from 'vitest';
import { tinyModelPath } from '../../../test/tiny-model.ts';
import { EmbeddedEmbedder } from './embedded.ts';

const log = { info: () => {}, warn: () => {}, error: () => {} };
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('embedded embedder (tiny GGUF)', () => {
  const e = new EmbeddedEmbedder({ modelPath: tinyModelPath(1), dataDir: '/nonexistent', threads: 1, gpu: false, contextSize: 128, log });
  afterAll(() => e.close());

  it('is not ready before it loads, then embeds texts into unit vectors of the model width', async () => {
    await expect(e.embed(['early'], 'query')).rejects.toThrow(/not ready/);
    await e.whenReady();
    expect(e.info()).toMatchObject({ provider: 'embedded', state: 'ready' });
    const dims = e.info().dimensions!;
    expect(dims).toBeGreaterThan(8);
    const [a, b, c] = await e.embed(['the cat sleeps', 'a red car', 'the cat sleeps'], 'passage');
    expect(a).toHaveLength(dims);
    expect(dot(a!, a!)).toBeCloseTo(1, 4);
    expect(dot(a!, c!)).toBeCloseTo(1, 4);
    expect(dot(a!, b!)).toBeLessThan(0.9999);
    expect(await e.health()).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('cuts a text longer than its context instead of failing', async () => {
    const [v] = await e.embed(['word '.repeat(2000)], 'passage');
    expect(dot(v!, v!)).toBeCloseTo(1, 4);
  }, 60_000);
});
