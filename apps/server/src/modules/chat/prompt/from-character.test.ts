import { describe, expect, it } from 'vitest';
import { assemblePrompt } from './assemble.ts';
import { loreOf, loreOptions, promptCharacter } from './from-character.ts';

const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

const row = {
  name: 'Mira',
  tagline: 'A cartographer.',
  description: 'Mira maps the northern coast.',
  personality: 'curious',
  scenario: '',
  exampleDialogue: '',
  systemPrompt: '',
  postHistoryInstructions: '',
  characterBook: {
    scanDepth: 1,
    tokenBudget: 12,
    entries: [
      { keys: ['lighthouse'], content: 'The lighthouse has been dark for ten years.', enabled: true, insertionOrder: 2 },
      {
        keys: ['storm'],
        content: 'Storms come from the west.',
        enabled: true,
        insertionOrder: 1,
        extensions: { position: 4, depth: 1 },
      },
      { keys: ['harbour'], content: 'The harbour master is Olan.', enabled: true, insertionOrder: 3, position: 'before_char' },
      { keys: ['map'], content: 'Her maps are secret.', enabled: false, insertionOrder: 0 },
    ],
  },
};

describe('a stored character as the prompt sees it', () => {
  it('keeps each lorebook entry with its order, place and depth (card V2 and SillyTavern fields)', () => {
    expect(loreOf(row.characterBook)).toEqual([
      expect.objectContaining({ keys: ['lighthouse'], insertionOrder: 2, position: 'after_char', enabled: true }),
      expect.objectContaining({ keys: ['storm'], insertionOrder: 1, position: 'at_depth', depth: 1 }),
      expect.objectContaining({ keys: ['harbour'], position: 'before_char' }),
      expect.objectContaining({ keys: ['map'], enabled: false }),
    ]);
    expect(promptCharacter(row).description).toBe('A cartographer.\n\nMira maps the northern coast.');
    expect(loreOf(null)).toBeUndefined();
  });

  it("uses the book's own scan depth and token budget", () => {
    expect(loreOptions(row)).toEqual({ loreScanDepth: 1, loreBudget: 12 });
    expect(loreOptions({ characterBook: null })).toEqual({});
    const assemble = (history: { role: 'user' | 'assistant'; content: string }[]) =>
      assemblePrompt({
        character: promptCharacter(row),
        userName: 'Sam',
        history,
        contextSize: 2048,
        replyBudget: 256,
        countTokens: words,
        options: loreOptions(row),
      });
    // Scan depth 1: only the last message is searched for keys.
    const older = assemble([
      { role: 'user', content: 'Tell me about the lighthouse.' },
      { role: 'assistant', content: 'Ask me something else.' },
    ]);
    expect(older.breakdown.lore.included).toEqual([]);
    // Both keys in the last message, budget 12 words: the storm entry (order 1, 5 words) fits, the lighthouse one
    // (order 2, 8 words) would pass the budget; the storm sits one message from the end.
    const last = assemble([
      { role: 'assistant', content: 'Welcome aboard.' },
      { role: 'user', content: 'A storm near the lighthouse?' },
    ]);
    expect(last.breakdown.lore).toMatchObject({ included: ['storm'], skippedForBudget: ['lighthouse'] });
    // Entries without an id of their own are named by their place in the book.
    expect(last.breakdown.lore.entries).toMatchObject([{ id: '#2', key: 'storm', position: 'at_depth' }]);
    // The entry one message from the end opens the last user turn (one system message: the default order).
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: '[Storms come from the west.]\n\nA storm near the lighthouse?' });
  });
});
