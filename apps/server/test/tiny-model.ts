// The self-made tiny GGUF for tests and local development, cached in the OS temp folder by seed and generator
// version. Only files written by scripts/make-tiny-gguf.mjs are ever loaded from here: a malformed GGUF can abort
// the whole process inside llama.cpp.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTinyGguf } from '../../../scripts/make-tiny-gguf.mjs';

const generator = fileURLToPath(new URL('../../../scripts/make-tiny-gguf.mjs', import.meta.url));

/** `chatTemplate`: a Jinja chat template to store instead of the default ChatML one (a separate cached file). */
export function tinyModelPath(seed = 1, chatTemplate?: string): string {
  const hash = createHash('sha256').update(readFileSync(generator));
  if (chatTemplate !== undefined) hash.update(chatTemplate);
  const version = hash.digest('hex').slice(0, 12);
  const file = path.join(os.tmpdir(), 'reverie-tiny-gguf', `tiny-${seed}-${version}.gguf`);
  if (!existsSync(file)) writeTinyGguf(file, { seed, ...(chatTemplate !== undefined ? { chatTemplate } : {}) });
  return file;
}
