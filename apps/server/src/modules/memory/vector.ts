// Vectors as the database keeps them: float32, little endian, in a bytea (4 bytes a dimension); and their signs, one
// bit a dimension set where the value is above zero (a `bit varying`), for recall's coarse first pass.
import os from 'node:os';

const LITTLE_ENDIAN = os.endianness() === 'LE';

export function vectorToBytes(v: Float32Array): Buffer {
  const out = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) out.writeFloatLE(v[i]!, i * 4);
  return out;
}

export function bytesToVector(b: Uint8Array): Float32Array {
  const n = Math.floor(b.byteLength / 4);
  // On a little-endian machine the bytes are the floats already: one copy, no decoding.
  if (LITTLE_ENDIAN) return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + n * 4));
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Cosine similarity of two unit vectors (the embedders normalise), 0 for different lengths. */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * The stored signs of a vector (bit string input), 2 bits a dimension: first one bit per dimension set where the value
 * is above zero, then one per dimension set where it is below (zero: neither). Read as a vector of 1, -1 and 0 over
 * its length, it is the vector quantised to one sign a dimension: recall's coarse pass compares those.
 */
export function signsOf(v: Float32Array): string {
  let above = '';
  let below = '';
  for (let i = 0; i < v.length; i++) {
    above += v[i]! > 0 ? '1' : '0';
    below += v[i]! < 0 ? '1' : '0';
  }
  return above + below;
}

/**
 * A query's masks for the coarse pass over stored signs `s`:
 *   (bit_count(s & same) - bit_count(s & opposite)) / sqrt(bit_count(s))
 * is the cosine similarity of the query's signs with the stored ones (each a vector of 1, -1 and 0): for dense vectors
 * the agreement of the two sign vectors (bit_count(s) is the dimensions, the same for every row), for sparse
 * non-negative ones the shared dimensions over the root of the vector's own (the test hash embedder: its cosine).
 */
export function signMasks(q: Float32Array): { same: string; opposite: string } {
  const s = signsOf(q);
  return { same: s, opposite: s.slice(q.length) + s.slice(0, q.length) };
}
