// The stored form of vectors and recall's coarse pass: the signs, and that the score the database computes from
// them (memory.repo.ts `nearVectors`) is the cosine of the two sign vectors.
import { describe, expect, it } from 'vitest';
import { bytesToVector, dot, signMasks, signsOf, vectorToBytes } from './vector.ts';

/** The coarse score as nearVectors computes it, on bit strings. */
function coarse(signs: string, masks: { same: string; opposite: string }): number {
  const count = (a: string, b: string) => [...a].filter((c, i) => c === '1' && b[i] === '1').length;
  const bits = [...signs].filter((c) => c === '1').length;
  return (count(signs, masks.same) - count(signs, masks.opposite)) / Math.sqrt(Math.max(bits, 1));
}

/** A vector of 1, -1 and 0 from signs (above zero, then below zero). */
function ternary(signs: string): Float32Array {
  const n = signs.length / 2;
  return Float32Array.from({ length: n }, (_, i) => (signs[i] === '1' ? 1 : 0) - (signs[n + i] === '1' ? 1 : 0));
}

const unit = (v: Float32Array) => {
  const norm = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / norm);
};

describe('vectors as stored', () => {
  it('keeps float32 little endian, read back the same', () => {
    const v = Float32Array.from([0.5, -0.25, 0, 1e-7, -3]);
    const bytes = vectorToBytes(v);
    expect(bytes.readFloatLE(4)).toBe(-0.25);
    // An offset inside a larger buffer (as node-postgres hands them out) reads the same.
    const inside = Buffer.concat([Buffer.from([9]), bytes]).subarray(1);
    expect([...bytesToVector(inside)]).toEqual([...v]);
  });

  it('marks each dimension above zero, then each below zero; zero is neither', () => {
    expect(signsOf(Float32Array.from([0.5, -0.2, 0, -0, 3]))).toBe('10001' + '01000');
  });

  it("scores stored signs by the cosine of their sign vector with the query's", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const query = Float32Array.from({ length: 32 }, rand);
    const masks = signMasks(query);
    for (let i = 0; i < 20; i++) {
      // Dense vectors, and sparse non-negative ones (the test hash embedder's kind).
      const v = Float32Array.from({ length: 32 }, () => (i % 2 ? rand() : Math.max(0, rand())));
      const expected = dot(unit(ternary(signsOf(query))), unit(ternary(signsOf(v))));
      const norm = Math.sqrt([...signsOf(query)].filter((c) => c === '1').length);
      expect(coarse(signsOf(v), masks) / norm).toBeCloseTo(expected, 6);
    }
  });
});
