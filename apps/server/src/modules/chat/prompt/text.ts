// Text helpers for prompt assembly: macros, chat-template token neutralising, example dialogue blocks.

// `{{char}}`/`{{user}}` macros: one implementation, shared with the web's previews.
export { applyMacros, type MacroNames } from '@reverie/shared/macros';

/**
 * Breaks chat-template markers (`<|im_start|>`, `<|eot_id|>`, `[INST]`…) inside user-written text, so a message or
 * a character card cannot open a fake system turn on servers that parse special tokens in rendered prompts.
 */
export function neutralizeTemplateTokens(text: string): string {
  return text
    .replace(/<\|/g, '<\u2009|')
    .replace(/\|>/g, '|\u2009>')
    .replace(/\[(\/?)INST\]/g, '[$1INST\u2009]')
    .replace(/<(\/?)s>/g, '<$1s\u2009>');
}

/** Splits example dialogue into its `<START>` blocks (text before the first marker counts as a block too). */
export function exampleBlocks(exampleDialogue: string | undefined): string[] {
  if (!exampleDialogue?.trim()) return [];
  return exampleDialogue
    .split(/<START>/i)
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
}

/** Drops a leading "Name:" the model sometimes writes before its own reply. */
export function cleanReply(text: string, charName: string): string {
  const escaped = charName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`^\\s*${escaped}\\s*:\\s*`), '').replace(/\s+$/, '');
}
