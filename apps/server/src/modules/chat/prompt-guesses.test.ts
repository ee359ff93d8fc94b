import { describe, expect, it } from 'vitest';
import type { ChatCharacter } from './chat.repo.ts';
import { GUESS_TTL_MS, guessSize, PromptGuesses, type PromptGuess } from './prompt-guesses.ts';

const guess = (over: Partial<PromptGuess> = {}): PromptGuess => ({
  familyId: 'fam-1',
  conversationId: 'conv-1',
  character: { id: 'char-1', name: 'Ada' } as ChatCharacter,
  userName: 'sam',
  memory: { memorySummary: '', pinnedFacts: [] },
  newest: [{ id: 'm1', role: 'assistant', content: 'Hello.', status: 'complete' }],
  limits: { maxTokens: 300, historyMessages: 20, inFlight: 2 },
  ...over,
});

describe('PromptGuesses', () => {
  it('serves a guess to one message of the same session and conversation', () => {
    const g = new PromptGuesses();
    g.set('u1', 'char-1', guess());
    expect(g.take('u1', 'char-1', 'fam-1', undefined)?.conversationId).toBe('conv-1');
    // Taken: a second message sent before the reply is saved starts without one.
    expect(g.take('u1', 'char-1', 'fam-1', undefined)).toBeUndefined();
  });

  it('gives nothing to another session, another conversation, another user or character', () => {
    const g = new PromptGuesses();
    for (const [user, character, family, conversation] of [
      ['u1', 'char-1', 'fam-2', undefined],
      ['u1', 'char-1', undefined, undefined],
      ['u1', 'char-1', 'fam-1', 'conv-2'],
      ['u2', 'char-1', 'fam-1', undefined],
      ['u1', 'char-2', 'fam-1', undefined],
    ] as const) {
      g.set('u1', 'char-1', guess());
      expect(g.take(user, character, family, conversation)).toBeUndefined();
    }
    g.set('u1', 'char-1', guess());
    expect(g.take('u1', 'char-1', 'fam-1', 'conv-1')).toBeDefined();
  });

  it('forgets on request and after GUESS_TTL_MS', () => {
    let now = 1_000;
    const g = new PromptGuesses(() => now);
    g.set('u1', 'char-1', guess());
    g.forget('u1', 'char-1');
    expect(g.take('u1', 'char-1', 'fam-1', undefined)).toBeUndefined();
    g.set('u1', 'char-1', guess());
    now += GUESS_TTL_MS + 1;
    expect(g.take('u1', 'char-1', 'fam-1', undefined)).toBeUndefined();
  });

  it('holds at most its budget of text, dropping the oldest guesses first, and never one over a quarter of it', () => {
    const long = (n: number) => guess({ newest: [{ id: 'm', role: 'assistant', content: 'x'.repeat(n), status: 'complete' }] });
    const size = guessSize(long(1000));
    const g = new PromptGuesses(Date.now, size * 5);
    for (let i = 0; i < 8; i++) g.set(`u${i}`, 'char-1', long(1000));
    expect(g.held).toEqual({ guesses: 5, chars: size * 5 });
    expect(g.take('u0', 'char-1', 'fam-1', undefined)).toBeUndefined();
    expect(g.take('u7', 'char-1', 'fam-1', undefined)).toBeDefined();
    expect(g.held.guesses).toBe(4);
    g.set('big', 'char-1', long(size * 2));
    expect(g.take('big', 'char-1', 'fam-1', undefined)).toBeUndefined();
    expect(g.held).toEqual({ guesses: 4, chars: size * 4 });
  });
});
