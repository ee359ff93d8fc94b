// Writes a tiny llama-architecture GGUF with seeded random weights, so the embedded language-model provider
// can run real llama.cpp inference in tests and CI in milliseconds. Same seed and options → identical bytes.
//
//   node scripts/make-tiny-gguf.mjs <out.gguf> [--seed N]
//
// Layout follows GGUF v3 (little endian). The vocabulary is SentencePiece-style ("llama" tokenizer model) with the
// 256 byte tokens, so any text tokenizes without merges. ChatML control tokens and a ChatML Jinja template make
// node-llama-cpp pick its ChatML wrapper, like most instruct models. The output rows of control, unknown and
// non-printable byte tokens are zero, so greedy decoding keeps producing printable text instead of stopping at once.
// A malformed GGUF can abort the whole process inside llama.cpp (GGML assert): only load files this script wrote.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
const ALIGNMENT = 32;
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 };
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 };
const GGML_F32 = 0;

export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const WORDS = ['the', 'and', 'you', 'hello', 'she', 'smiles', 'said', 'look', 'night', 'star', 'river', 'quiet', 'dream', 'tea'];

/** Small deterministic PRNG (mulberry32): the weights must not depend on Math.random. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @returns {{ pieces: string[], scores: number[], types: number[] }} */
export function tinyVocabulary() {
  const pieces = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'];
  const types = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.control];
  const scores = [0, 0, 0, 0, 0];
  for (let b = 0; b < 256; b++) {
    pieces.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_TYPE.byte);
    scores.push(0);
  }
  const normal = new Set(['▁']);
  for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?\'"*-:;') normal.add(c);
  // SPM merges bigrams only into pieces that exist, so every prefix of a word piece must be in the vocabulary.
  for (const w of WORDS) for (let i = 1; i <= w.length; i++) normal.add('▁' + w.slice(0, i));
  for (const p of normal) {
    pieces.push(p);
    types.push(TOKEN_TYPE.normal);
    // Longer pieces win merges.
    scores.push(-100 + [...p].length);
  }
  return { pieces, scores, types };
}

class Writer {
  constructor() {
    this.chunks = [];
    this.length = 0;
  }
  push(buf) {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  u32(v) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s) {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad() {
    const rem = this.length % ALIGNMENT;
    if (rem) this.push(Buffer.alloc(ALIGNMENT - rem));
  }
  toBuffer() {
    return Buffer.concat(this.chunks, this.length);
  }
}

/** Tiny model shapes. The defaults give a ~0.5 MB F32 model that generates at hundreds of tokens/s on one core. */
export const TINY_DEFAULTS = Object.freeze({ embd: 64, layers: 2, heads: 4, kvHeads: 2, ff: 128, context: 2048 });

/**
 * Builds the GGUF bytes for a seed.
 * @param {{ seed?: number, embd?: number, layers?: number, heads?: number, kvHeads?: number, ff?: number, context?: number, chatTemplate?: string }} [options]
 *   `chatTemplate`: the Jinja chat template stored in the file (default: ChatML), to test other model families' templates.
 * @returns {Buffer}
 */
export function buildTinyGguf(options = {}) {
  const { seed = 1, embd: E, layers, heads: H, kvHeads: Hkv, ff: F, context } = { ...TINY_DEFAULTS, ...options };
  if (E % H !== 0 || H % Hkv !== 0) throw new Error('embd must divide by heads, and heads by kvHeads');
  const d = E / H;
  const rand = prng(seed);
  const vocab = tinyVocabulary();
  const V = vocab.pieces.length;

  /** @type {[string, number, (w: Writer) => void][]} */
  const meta = [];
  const kv = (key, type, write) => meta.push([key, type, write]);
  const u32 = (key, v) => kv(key, T.u32, (w) => w.u32(v));
  const f32 = (key, v) => kv(key, T.f32, (w) => w.f32(v));
  const str = (key, v) => kv(key, T.string, (w) => w.str(v));
  const bool = (key, v) => kv(key, T.bool, (w) => w.push(Buffer.from([v ? 1 : 0])));
  const arr = (key, itemType, items, writeItem) =>
    kv(key, T.array, (w) => {
      w.u32(itemType);
      w.u64(items.length);
      for (const it of items) writeItem(w, it);
    });

  str('general.architecture', 'llama');
  str('general.name', `reverie-tiny-${seed}`);
  u32('general.file_type', 0);
  u32('general.alignment', ALIGNMENT);
  u32('llama.vocab_size', V);
  u32('llama.context_length', context);
  u32('llama.embedding_length', E);
  u32('llama.block_count', layers);
  u32('llama.feed_forward_length', F);
  u32('llama.attention.head_count', H);
  u32('llama.attention.head_count_kv', Hkv);
  f32('llama.attention.layer_norm_rms_epsilon', 1e-5);
  u32('llama.rope.dimension_count', d);
  f32('llama.rope.freq_base', 10000);
  str('tokenizer.ggml.model', 'llama');
  arr('tokenizer.ggml.tokens', T.string, vocab.pieces, (w, s) => w.str(s));
  arr('tokenizer.ggml.scores', T.f32, vocab.scores, (w, s) => w.f32(s));
  arr('tokenizer.ggml.token_type', T.i32, vocab.types, (w, s) => w.i32(s));
  u32('tokenizer.ggml.bos_token_id', 1);
  u32('tokenizer.ggml.eos_token_id', 2);
  u32('tokenizer.ggml.unknown_token_id', 0);
  bool('tokenizer.ggml.add_bos_token', true);
  bool('tokenizer.ggml.add_eos_token', false);
  str('tokenizer.chat_template', options.chatTemplate ?? TINY_CHAT_TEMPLATE);

  // Tensor data: dims innermost first, all F32.
  const silent = vocab.types.map((type, id) => {
    if (type === TOKEN_TYPE.control || type === TOKEN_TYPE.unknown) return true;
    if (type !== TOKEN_TYPE.byte) return false;
    const byte = id - 5;
    return byte < 0x20 || byte > 0x7e;
  });
  /** @type {{ name: string, dims: number[], data: Float32Array }[]} */
  const tensors = [];
  const random = (name, dims, scale) => {
    const n = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = (rand() * 2 - 1) * scale;
    tensors.push({ name, dims, data });
    return data;
  };
  const ones = (name, n) => tensors.push({ name, dims: [n], data: new Float32Array(n).fill(1) });

  random('token_embd.weight', [E, V], 1);
  ones('output_norm.weight', E);
  const output = random('output.weight', [E, V], 1 / Math.sqrt(E));
  for (let t = 0; t < V; t++) if (silent[t]) output.fill(0, t * E, (t + 1) * E);
  const s = 1 / Math.sqrt(E);
  for (let n = 0; n < layers; n++) {
    ones(`blk.${n}.attn_norm.weight`, E);
    random(`blk.${n}.attn_q.weight`, [E, H * d], s);
    random(`blk.${n}.attn_k.weight`, [E, Hkv * d], s);
    random(`blk.${n}.attn_v.weight`, [E, Hkv * d], s);
    random(`blk.${n}.attn_output.weight`, [H * d, E], s);
    ones(`blk.${n}.ffn_norm.weight`, E);
    random(`blk.${n}.ffn_gate.weight`, [E, F], s);
    random(`blk.${n}.ffn_up.weight`, [E, F], s);
    random(`blk.${n}.ffn_down.weight`, [F, E], 1 / Math.sqrt(F));
  }

  const w = new Writer();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(meta.length);
  for (const [key, type, write] of meta) {
    w.str(key);
    w.u32(type);
    write(w);
  }
  let offset = 0;
  const align = (n) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const dim of t.dims) w.u64(dim);
    w.u32(GGML_F32);
    w.u64(offset);
    offset = align(offset + t.data.byteLength);
  }
  w.pad();
  for (const t of tensors) {
    w.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad();
  }
  return w.toBuffer();
}

/** Writes the model to `file` atomically (temp file + rename) and returns its size in bytes. */
export function writeTinyGguf(file, options = {}) {
  const bytes = buildTinyGguf(options);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return bytes.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--seed');
  const seedIndex = args.indexOf('--seed');
  const seed = seedIndex >= 0 ? Number(args[seedIndex + 1]) : 1;
  if (!out || !Number.isInteger(seed) || seed < 0) {
    console.error('Usage: node scripts/make-tiny-gguf.mjs <out.gguf> [--seed N]');
    process.exit(2);
  }
  const size = writeTinyGguf(path.resolve(out), { seed });
  console.log(`Wrote ${out} (${size} bytes, seed ${seed})`);
}
