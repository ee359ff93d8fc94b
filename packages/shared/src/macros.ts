// Character texts use the card conventions: {{char}} and {{user}} placeholders (any case, spaces allowed inside the
// braces, and the old <BOT>/<USER> forms). One implementation for the chat (server) and every preview (web), so a
// greeting reads the same in both.

export interface MacroNames {
  char: string;
  user: string;
}

const CHAR_MACRO = /\{\{\s*char\s*\}\}|<BOT>/gi;
const USER_MACRO = /\{\{\s*user\s*\}\}|<USER>/gi;

/** The name shown for `{{user}}` to someone who is not signed in. */
export const GUEST_USER_NAME = 'Traveller';

/** `{{char}}`/`{{user}}` → the names. */
export function applyMacros(text: string, names: MacroNames): string {
  return text.replace(CHAR_MACRO, () => names.char).replace(USER_MACRO, () => names.user);
}

export type MacroPart = { text: string; user: boolean };

/**
 * The text with `{{char}}` filled in, split where `{{user}}` stands, so a page can show the user's name as a
 * placeholder chip. Each `{ user: true }` part holds `names.user`.
 */
export function macroParts(text: string, names: MacroNames): MacroPart[] {
  const parts: MacroPart[] = [];
  const filled = text.replace(CHAR_MACRO, () => names.char);
  let last = 0;
  for (const match of filled.matchAll(USER_MACRO)) {
    if (match.index > last) parts.push({ text: filled.slice(last, match.index), user: false });
    parts.push({ text: names.user, user: true });
    last = match.index + match[0].length;
  }
  if (last < filled.length) parts.push({ text: filled.slice(last), user: false });
  return parts;
}
