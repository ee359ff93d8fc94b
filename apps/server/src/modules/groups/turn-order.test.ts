import { describe, expect, it } from 'vitest';
import { mentionAt, nextSpeaker, type TurnInput, type TurnMessage } from './turn-order.ts';

const alice = { id: 'a', name: 'Alice Moreau' };
const bob = { id: 'b', name: 'Bob' };
const cara = { id: 'c', name: 'Cara' };
const members = [alice, bob, cara];
const said = (speakerId: string | null, content = '...'): TurnMessage => ({ role: speakerId ? 'assistant' : 'user', speakerId, content });
const pick = (t: Partial<TurnInput>) => nextSpeaker({ mode: 'natural', members, skipped: [], newest: [], ...t });

describe('natural turn order', () => {
  it('picks who the new message names (earliest mention first, first names count, whole words only)', () => {
    expect(pick({ userMessage: 'Cara, and you Bob?' })).toBe('c');
    expect(pick({ userMessage: 'what does alice think?' })).toBe('a');
    expect(pick({ userMessage: 'Bobby is not Bob... well, Bob is here' })).toBe('b');
    expect(pick({ userMessage: 'Bobby and Caramel', newest: [said('a')] })).toBe('a');
  });

  it('then who the user answered (the last speaker), then who spoke least recently, ties in member order', () => {
    expect(pick({ userMessage: 'I agree.', newest: [said('b'), said('a')] })).toBe('b');
    expect(pick({ userMessage: 'Hello everyone' })).toBe('a');
    // No new message (a "next turn"): never the last speaker twice; whoever waited longest (never spoke first).
    expect(pick({ newest: [said('a'), said(null), said('b')] })).toBe('c');
    expect(pick({ newest: [said('c'), said('a'), said('b')] })).toBe('b');
    // The last message is the user's, left without a reply: it counts as the message being answered.
    expect(pick({ newest: [said(null, 'Bob, your turn'), said('a')] })).toBe('b');
  });

  it('passes over skipped members until nobody is left', () => {
    expect(pick({ userMessage: 'Bob?', skipped: ['b'] })).toBe('a');
    expect(pick({ userMessage: 'hi', skipped: ['a', 'b', 'c'] })).toBe('a');
  });
});

describe('round robin and manual', () => {
  it('round robin follows member order after the last speaker, skipping the skipped', () => {
    const rr = (t: Partial<TurnInput>) => pick({ mode: 'round_robin', ...t });
    expect(rr({})).toBe('a');
    expect(rr({ newest: [said(null), said('a')], userMessage: 'Cara!' })).toBe('b');
    expect(rr({ newest: [said('c')] })).toBe('a');
    expect(rr({ newest: [said('a')], skipped: ['b'] })).toBe('c');
    // A speaker who left: start from the first member.
    expect(rr({ newest: [said('gone')] })).toBe('a');
  });

  it('manual picks nobody', () => {
    expect(pick({ mode: 'manual', userMessage: 'Bob?' })).toBeNull();
  });
});

describe('mentionAt', () => {
  it('finds names in any script, case-insensitively', () => {
    expect(mentionAt('salut Élodie !', 'Élodie')).toBe(6);
    expect(mentionAt('Élodies', 'Élodie')).toBe(-1);
    expect(mentionAt('a (b) c', '(b)')).toBe(2);
  });
});
