// Character texts use the card conventions: {{char}} / {{user}} placeholders (filled by `@reverie/shared/macros`,
// shown by components/roleplay-text.tsx) and *asterisks* around actions.

export type RoleplaySegment = { text: string; action: boolean };

/** Splits "*waves* Hello" into action and speech segments; an unmatched asterisk stays as text. */
export function splitActions(text: string): RoleplaySegment[] {
  const segments: RoleplaySegment[] = [];
  const pattern = /\*([^*\n][^*]*?)\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    if (index > last) segments.push({ text: text.slice(last, index), action: false });
    segments.push({ text: match[1] ?? '', action: true });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), action: false });
  return segments;
}
