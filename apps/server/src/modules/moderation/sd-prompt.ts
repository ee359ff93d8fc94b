/**
 * Stable Diffusion prompt syntax, undone before the rules read a prompt: `(word:1.4)` and `((emphasis))` keep their
 * words, `[de-emphasis]` and `[from:to:0.5]` keep theirs, `BREAK` becomes a separator, `<lora:name:0.8>` and
 * `<hypernet:…>` and `embedding:name` become their names with `_`/`-` read as spaces ("aged_down_v2" → "aged down
 * v2"), and a "Negative prompt:" section inside the text is split off (the rules read it as a negative prompt).
 *
 * Every character keeps its position (syntax is blanked to spaces), so a rule's match is still a span of what the
 * person wrote.
 */
import { EMBEDDING_CONCEPTS } from './minors-terms-v3.ts';

const NEGATIVE_SECTION = /\bnegative\s+prompt\s*:/i;

/** Splits a prompt that carries its own "Negative prompt:" section (A1111 parameters text). */
export function splitNegative(prompt: string): { positive: string; negative: string | undefined } {
  const m = NEGATIVE_SECTION.exec(prompt);
  if (!m) return { positive: prompt, negative: undefined };
  // Everything after "Steps:" in A1111 parameters text is settings, not words.
  const rest = prompt.slice(m.index + m[0].length);
  const settings = /\n\s*steps\s*:/i.exec(rest);
  return { positive: prompt.slice(0, m.index), negative: settings ? rest.slice(0, settings.index) : rest };
}

/** The prompt with SD syntax blanked to spaces (same length, same positions). */
export function plainPrompt(prompt: string): string {
  let s = prompt;
  // <lora:name:0.8>, <lyco:…>, <hypernet:…>: keep the name, blank the rest.
  s = s.replace(/<\s*(?:lora|lyco|locon|hypernet|embedding|ti)\s*:\s*([^:>]*)(?::[^>]*)?>/gi, (whole, name: string) => {
    const start = whole.indexOf(name);
    return readName(name, start) + ' '.repeat(whole.length - start - name.length);
  });
  // embedding:name (ComfyUI), keep the name.
  s = s.replace(/\bembedding\s*:\s*([\w.-]+)/gi, (whole, name: string) => {
    const start = whole.length - name.length;
    return readName(name, start);
  });
  // Weights: ":1.4)" and ":0.5]" → spaces; prompt editing "[a:b:0.5]" keeps both words.
  s = s.replace(/:\s*-?\d*\.?\d+\s*(?=[)\]])/g, (m) => ' '.repeat(m.length));
  s = s.replace(/\bBREAK\b/g, ',    ');
  // Brackets, braces, pipes (alternation) and escaped brackets.
  s = s.replace(/\\?[()[\]{}|]/g, (m) => ' '.repeat(m.length));
  // Tag style underscores: "aged_down" → "aged down"; remaining colons between words of an edit.
  s = s.replace(/(?<=[\p{L}\p{N}])[_:](?=[\p{L}\p{N}])/gu, ' ');
  return s;
}

/**
 * An embedding's or LoRA's name as words, after `room` blanked characters (the result is `room + name.length` long):
 * "little_girl_v2" → "little girl v2". A name that spells a young-child concept squeezed into one word ("YoungChild",
 * "childbody", "lolita3", "toddlerV2") is read as that concept's words, ending where the name ends.
 */
export function readName(name: string, room: number): string {
  const plain = ' '.repeat(room) + name.replace(/[_\-.]/g, ' ');
  const squeezed = name
    .replace(/[vV]\d+(?:\.\d+)*$/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  const concept = EMBEDDING_CONCEPTS.find(([re]) => re.test(squeezed))?.[1];
  if (!concept || concept.length > plain.length) return plain;
  // Over the name where it fits (the span shown is the name), else ending where the name ends.
  if (concept.length <= name.length) return ' '.repeat(room) + concept + ' '.repeat(name.length - concept.length);
  return ' '.repeat(plain.length - concept.length) + concept;
}
