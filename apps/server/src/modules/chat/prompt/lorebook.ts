// Lorebook (character book) activation: entries whose keys appear in the latest messages, in insertion order,
// within a token budget.
import type { LoreEntry } from './types.ts';

const wordChar = /[\p{L}\p{N}_]/u;

/** Whether `key` occurs in `text`; keys that start/end with a letter or digit must match whole words. */
export function keyMatches(key: string, text: string, caseSensitive = false): boolean {
  const k = key.trim();
  if (!k) return false;
  const hay = caseSensitive ? text : text.toLocaleLowerCase();
  const needle = caseSensitive ? k : k.toLocaleLowerCase();
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    const before = hay[i - 1];
    const after = hay[i + needle.length];
    const startOk = !wordChar.test(needle[0]!) || before === undefined || !wordChar.test(before);
    const endOk = !wordChar.test(needle.at(-1)!) || after === undefined || !wordChar.test(after);
    if (startOk && endOk) return true;
  }
  return false;
}

export interface SelectedLore {
  entry: LoreEntry;
  /** Text after macros, as it goes into the prompt. */
  text: string;
  tokens: number;
  label: string;
  /** The key that triggered it (the first that matched); null for a constant entry no key matched. */
  key: string | null;
}

export function selectLore(
  entries: LoreEntry[] | undefined,
  scanText: string,
  budget: number,
  measure: (text: string) => number,
  render: (text: string) => string,
): { selected: SelectedLore[]; skipped: string[] } {
  const triggered = (entries ?? [])
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.enabled && entry.content.trim())
    .map((e) => ({ ...e, key: e.entry.keys.find((k) => keyMatches(k, scanText, e.entry.caseSensitive))?.trim() ?? null }))
    .filter(({ entry, key }) => entry.constant || key !== null)
    .sort((a, b) => a.entry.insertionOrder - b.entry.insertionOrder || a.index - b.index);
  const selected: SelectedLore[] = [];
  const skipped: string[] = [];
  let used = 0;
  for (const { entry, index, key } of triggered) {
    const text = render(entry.content.trim());
    const tokens = measure(text);
    const label = entry.name?.trim() || entry.keys[0]?.trim() || `entry ${index + 1}`;
    if (used + tokens > budget) {
      skipped.push(label);
      continue;
    }
    used += tokens;
    selected.push({ entry, text, tokens, label, key });
  }
  return { selected, skipped };
}
