/**
 * Stable Diffusion prompt syntax, undone before the rules read a prompt: `(word:1.4)` and `((emphasis))` keep their
 * words, `[de-emphasis]` and `[from:to:0.5]` keep theirs, `BREAK` becomes a separator, `<lora:name:0.8>` and
 * `<hypernet:…>` and `embedding:name` become their names with `_`/`-` read as spaces ("aged_down_v2" → "aged down
 * v2"), and a "Negative prompt:" section inside the text is split off (the rules read it as a negative prompt).
 *
 * Every character keeps its position (syntax is blanked to spaces), so a rule's match is still a span of what the
 * person wrote.
 */

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
    return ' '.repeat(start) + name.replace(/[_\-.]/g, ' ') + ' '.repeat(whole.length - start - name.length);
  });
  // embedding:name (ComfyUI), keep the name.
  s = s.replace(
    /\bembedding\s*:\s*([\w.-]+)/gi,
    (whole, name: string) => ' '.repeat(whole.length - name.length) + name.replace(/[_\-.]/g, ' '),
  );
  // Weights: ":1.4)" and ":0.5]" → spaces; prompt editing "[a:b:0.5]" keeps both words.
  s = s.replace(/:\s*-?\d*\.?\d+\s*(?=[)\]])/g, (m) => ' '.repeat(m.length));
  s = s.replace(/\bBREAK\b/g, ',    ');
  // Brackets, braces, pipes (alternation) and escaped brackets.
  s = s.replace(/\\?[()[\]{}|]/g, (m) => ' '.repeat(m.length));
  // Tag style underscores: "aged_down" → "aged down"; remaining colons between words of an edit.
  s = s.replace(/(?<=[\p{L}\p{N}])[_:](?=[\p{L}\p{N}])/gu, ' ');
  return s;
}
