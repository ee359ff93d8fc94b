// A stored character as prompt assembly sees it: the sheet, and the lorebook with each entry's place (before or
// after the sheet, or at a depth in the history) and the book's own scan depth and token budget.
import type { CharacterRow } from '../../characters/characters.repo.ts';
import type { AssembleOptions, LoreEntry, LorePosition, PromptCharacter } from './types.ts';

type StoredCharacter = Pick<
  CharacterRow,
  | 'name'
  | 'tagline'
  | 'description'
  | 'personality'
  | 'scenario'
  | 'exampleDialogue'
  | 'systemPrompt'
  | 'postHistoryInstructions'
  | 'characterBook'
>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Where an entry goes. Card V2 names `before_char`/`after_char`; SillyTavern keeps its own choice in
 * `extensions.position` (0 before, 1 after the sheet, 4 at `extensions.depth` messages from the end).
 */
function placeOf(e: Record<string, unknown>): { position?: LorePosition; depth?: number } {
  const ext = (e.extensions ?? {}) as Record<string, unknown>;
  const depth = num(ext.depth) ?? num(e.depth);
  if (num(ext.position) === 4 || e.position === 'at_depth') return { position: 'at_depth', depth: Math.max(0, Math.floor(depth ?? 4)) };
  if (e.position === 'before_char' || num(ext.position) === 0) return { position: 'before_char' };
  return { position: 'after_char' };
}

export function loreOf(book: CharacterRow['characterBook'] | undefined): LoreEntry[] | undefined {
  const entries = book?.entries;
  if (!entries?.length) return undefined;
  return entries.map((e, i) => ({
    id: typeof e.id === 'string' || typeof e.id === 'number' ? String(e.id) : `#${i + 1}`,
    keys: Array.isArray(e.keys) ? e.keys.filter((k): k is string => typeof k === 'string') : [],
    content: str(e.content) ?? '',
    insertionOrder: num(e.insertionOrder) ?? i,
    enabled: e.enabled !== false,
    constant: e.constant === true,
    caseSensitive: e.caseSensitive === true || e.case_sensitive === true,
    name: str(e.name) ?? str(e.comment),
    ...placeOf(e),
  }));
}

export function promptCharacter(row: StoredCharacter): PromptCharacter {
  return {
    name: row.name,
    description: [row.tagline, row.description].filter(Boolean).join('\n\n'),
    personality: row.personality,
    scenario: row.scenario,
    exampleDialogue: row.exampleDialogue,
    systemPrompt: row.systemPrompt,
    postHistoryInstructions: row.postHistoryInstructions,
    characterBook: loreOf(row.characterBook),
  };
}

/** The book's own scan depth (messages searched for keys) and token budget, when it sets them. */
export function loreOptions(row: Pick<CharacterRow, 'characterBook'>): AssembleOptions {
  const book = row.characterBook;
  const scanDepth = num(book?.scanDepth);
  const tokenBudget = num(book?.tokenBudget);
  return {
    ...(scanDepth !== undefined && scanDepth > 0 ? { loreScanDepth: Math.min(100, Math.floor(scanDepth)) } : {}),
    ...(tokenBudget !== undefined && tokenBudget > 0 ? { loreBudget: Math.floor(tokenBudget) } : {}),
  };
}
