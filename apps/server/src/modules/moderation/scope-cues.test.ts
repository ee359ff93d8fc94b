// A conversation's scope is read from texts that were nearly all read for the message before: each text is read once
// and its cues kept (scope-cues.ts). The kept answer must be the answer a fresh read gives, in every position.
import { describe, expect, it, vi } from 'vitest';
import { ModerationPolicy } from './moderation.ts';
import { ScopeCuesCache } from './scope-cues.ts';

const texts = {
  summary: 'They met at the harbour; he is a 34-year-old sailor.',
  message0: 'She kisses him slowly and undresses.',
  message1: "She's a teenager, still lives with her parents.",
  message2: 'The girl is 12 years old.',
  message3: 'Anyway, what is for dinner?',
};

describe('a scope read from kept cues', () => {
  it('is the scope a fresh read gives, for every position and setting, and reads each text once', () => {
    const kept = new ModerationPolicy();
    const read = vi.spyOn(kept.minors, 'read');
    const recentTwo = (field: string) => field === 'message0' || field === 'message1';
    for (const nsfwContext of [true, false]) {
      for (const recent of [undefined, recentTwo, () => false]) {
        const context = { surface: 'chat-user' as const, nsfwContext, recent };
        const fresh = new ModerationPolicy().scopeOf(texts, context);
        expect(kept.scopeOf(texts, context)).toEqual(fresh);
        // The same texts in other places (a newer message pushed them down): the cues follow their fields.
        const shifted = { message0: texts.message3, message1: texts.message2, message2: texts.message1, message3: texts.message0 };
        expect(kept.scopeOf(shifted, context)).toEqual(new ModerationPolicy().scopeOf(shifted, context));
      }
    }
    expect(read).toHaveBeenCalledTimes(Object.keys(texts).length);
    const scope = kept.scopeOf(texts, { surface: 'chat-user', nsfwContext: false, recent: recentTwo });
    expect(scope.minor?.span).toBe('girl is 12');
    expect(scope.recent?.span).toBe('teenager');
    expect(scope.explicit).toBeUndefined();
  });

  it('lets the least recently used texts go beyond its size, and everything when the year turns', () => {
    const cache = new ScopeCuesCache();
    let reads = 0;
    const read = () => (reads++, {});
    const big = (i: number) => `${i}`.padEnd(39_000, ' text');
    for (let i = 0; i < 110; i++) cache.get(big(i), 2026, read);
    expect(reads).toBe(110);
    cache.get(big(109), 2026, read); // kept
    cache.get(big(0), 2026, read); // let go: about 102 texts of 39,000 characters fit in 4,000,000
    expect(reads).toBe(111);
    cache.get(big(109), 2027, read);
    expect(reads).toBe(112);
  });
});
