// A deterministic embedder for tests only (never a production choice): every word is hashed into one of `dims`
// buckets, so texts that share words have similar vectors. It ranks by shared words, not by meaning, which is what
// makes a test's expected order knowable.
import type { ProviderStatus } from '../src/providers/health.ts';
import { normalize, type Embedder, type EmbedderInfo } from '../src/providers/embeddings/index.ts';

function fnv1a(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Lower-case words of three letters or more, with a plural "s" dropped ("cats" and "cat" meet). */
export function hashWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

export class HashEmbedder implements Embedder {
  readonly name = 'embeddings';
  readonly kind = 'test';
  /** Texts embedded so far (tests count the indexing work). */
  embedded = 0;

  constructor(
    readonly dims = 256,
    private readonly model = 'test:hash',
  ) {}

  info(): EmbedderInfo {
    return { provider: 'test', model: this.model, dimensions: this.dims, state: 'ready' };
  }

  start(): void {}

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.embedded += texts.length;
    return Promise.resolve(
      texts.map((text) => {
        const v = new Float32Array(this.dims);
        for (const w of hashWords(text)) v[fnv1a(w) % this.dims]! += 1;
        return normalize(v);
      }),
    );
  }

  health(): Promise<ProviderStatus> {
    return Promise.resolve({ status: 'ok', detail: this.model });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
