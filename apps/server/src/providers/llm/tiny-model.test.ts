import { describe, expect, it } from 'vitest';
import { buildTinyGguf, tinyVocabulary } from '../../../../../scripts/make-tiny-gguf.mjs';

describe('tiny GGUF generator', () => {
  it('writes identical bytes for a seed and different weights for another seed', () => {
    const a = buildTinyGguf({ seed: 5 });
    expect(buildTinyGguf({ seed: 5 }).equals(a)).toBe(true);
    const b = buildTinyGguf({ seed: 6 });
    expect(b.length).toBe(a.length);
    expect(b.equals(a)).toBe(false);
  });

  it('writes a GGUF v3 header with the expected tensor count', () => {
    const g = buildTinyGguf({ seed: 1, layers: 3 });
    expect(g.subarray(0, 4).toString('latin1')).toBe('GGUF');
    expect(g.readUInt32LE(4)).toBe(3);
    expect(Number(g.readBigUInt64LE(8))).toBe(3 + 3 * 9); // embeddings, output norm, output + 9 per block
    expect(g.length % 32).toBe(0);
  });

  it('has control tokens, all 256 byte tokens and every prefix of its word pieces', () => {
    const v = tinyVocabulary();
    expect(v.pieces.slice(0, 5)).toEqual(['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>']);
    expect(v.types.filter((t) => t === 6)).toHaveLength(256);
    for (const p of v.pieces.filter((x) => x.startsWith('▁') && x.length > 2)) expect(v.pieces).toContain(p.slice(0, -1));
    expect(new Set(v.pieces).size).toBe(v.pieces.length);
  });

  it('refuses shapes llama.cpp cannot split into heads', () => {
    expect(() => buildTinyGguf({ embd: 30, heads: 4 })).toThrow('embd must divide by heads, and heads by kvHeads');
  });
});
