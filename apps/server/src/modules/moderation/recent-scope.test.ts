// A weak minor cue ("she's a teen") in one of a conversation's last four messages pairs with sexual content in the
// next message, also with an unrelated message (and the character's replies) between them (#44.5); older cues that
// weak are not kept, and never written to the conversation's durable scope.
import { describe, expect, it } from 'vitest';
import { conversationScope } from '../chat/index.ts';
import { ModerationService } from './moderation.service.ts';
import type { ScopeState } from './minors.ts';

const kept: ScopeState[] = [];
const m = new ModerationService({ warn: () => {} }, undefined, (_id, scope) => kept.push(scope));
const character = (id: string) => ({
  id,
  nsfw: true,
  updatedAt: new Date(),
  description: 'An adult innkeeper.',
  personality: '',
  scenario: '',
  greeting: '',
  exampleDialogue: '',
});
const conversation = { id: 'conv-1', memorySummary: null, pinnedFacts: [] };
const send = (content: string, scope: ScopeState) =>
  m.allows({ content }, { surface: 'chat-user', nsfwContext: true, userId: 'u1', scope });

describe('the recent messages of a chat', () => {
  it('refuse sexual content two messages after a weak minor cue, in English and German', () => {
    // Newest first: the character's reply, the unrelated message, the reply, then the cue.
    const history = [{ content: 'The innkeeper nods.' }, { content: 'Anyway, what is for dinner?' }, { content: 'She smiles.' }];
    const en = conversationScope(m, character('c1'), conversation, [
      ...history,
      { content: "She's a teenager, still lives with her parents." },
    ]);
    expect(en.recent?.span).toBe('teenager');
    expect(send("ok now let's fuck her", en)).toBe(false);
    const de = conversationScope(m, character('c2'), conversation, [...history, { content: 'Sie ist noch ein Teenager.' }]);
    expect(send('Zieh sie aus, wir haben Sex.', de)).toBe(false);
    // The weak cue is not kept for later: nothing was written to the durable scope.
    expect(kept).toEqual([]);
  });

  it('let a weak cue older than the last four messages go, and pass harmless family talk', () => {
    const old = [1, 2, 3, 4].map((i) => ({ content: `Line ${i} of the evening.` }));
    const scope = conversationScope(m, character('c3'), conversation, [...old, { content: "She's a teenager." }]);
    expect(scope.recent).toBeUndefined();
    expect(send("let's fuck", scope)).toBe(true);
    const family = conversationScope(m, character('c4'), conversation, [
      { content: 'I have two kids, they are at their dad this weekend.' },
    ]);
    expect(send('Now take me to bed and fuck me.', family)).toBe(true);
  });
});
