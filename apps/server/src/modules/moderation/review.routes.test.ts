// Blocks explained: a card with several problems answers them all in one 422 (rule + span each), and an unrated card
// is not checked as explicit ("Ask for review": review-requests.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jsonBytes, V2_CARD } from '../../lib/character-card/test/fixtures.ts';
import { buildCharacter } from '../../../test/factories.ts';
import { createCharacter, importCard, quickUser } from '../characters/test/helpers.ts';
import { conversationScope } from '../chat/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('422 CONTENT_BLOCKED lists every problem', () => {
  it('names every field, rule and span of a card at once (old clients still get rule and field)', async () => {
    const who = await quickUser(t);
    const res = await createCharacter(t, who, {
      description: 'Anna is a 15-year-old exchange student.',
      scenario: 'You have sex with her in the dorm.',
      tags: ['female', 'fantasy', 'sfw'],
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'CONTENT_BLOCKED', details: { rule: 'minors-sexual', field: 'description' } });
    expect(error.details.problems).toEqual([
      { field: 'description', rule: 'stated-age-under-18', span: '15-year-old', start: 10, end: 21 },
      { field: 'scenario', rule: 'sexual-content', span: 'sex', start: 9, end: 12 },
    ]);
  });

  it('imports a card without a rating, once the importer rates it, that uses harmless phrases beside adult content', async () => {
    const who = await quickUser(t);
    const card = jsonBytes({
      ...V2_CARD,
      data: {
        ...V2_CARD.data,
        character_book: undefined,
        tags: [],
        description: 'A Grade 4 sorcerer of a minor faction who survived the war as a twelve-year-old; now 34, she reads the minor arcana.',
        scenario: 'Her childhood home, years later. Teacher and student roleplay between adults.',
      },
    });
    // Without a rating the importer is asked for one, and nothing is kept.
    const unrated = await importCard(t, who, 'card.json', card);
    expect(unrated.statusCode, unrated.body).toBe(422);
    expect(unrated.json().error.details.rule).toBe('card-rating-required');
    // Checked in the rating the importer chose: the harmless phrases pass in an explicit context too.
    for (const rating of ['sfw', 'nsfw']) {
      const res = await importCard(t, who, 'card.json', card, 'application/octet-stream', { rating });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('conversation scope', () => {
  it('keeps a minor cue of an earlier message, the memory or the card for later messages', () => {
    const m = t.modules.moderation.services.moderation;
    const character = {
      id: 'c1',
      nsfw: false,
      updatedAt: new Date(),
      description: 'A friendly innkeeper.',
      personality: '',
      scenario: '',
      greeting: '',
      exampleDialogue: '',
    };
    const history = [{ content: 'By the way, Lily is 14.' }];
    const scope = conversationScope(m, character, { memorySummary: null, pinnedFacts: [] }, history);
    expect(scope.minor).toMatchObject({ rule: 'stated-age-under-18', span: 'Lily is 14' });
    const verdict = m.check({ content: 'Lily undresses and we have sex.' }, { surface: 'chat-user', scope });
    expect(verdict).toMatchObject({ allowed: false, rule: 'minors-sexual' });
    // The same message in a conversation without the cue passes (adults).
    const clean = conversationScope(m, { ...character, id: 'c2' }, { memorySummary: 'Lily, 29, runs the inn.', pinnedFacts: [] }, []);
    expect(m.check({ content: 'Lily undresses and we have sex.' }, { surface: 'chat-user', scope: clean })).toEqual({ allowed: true });
    // A blocked message never sets the scope.
    const ignored = conversationScope(m, { ...character, id: 'c3' }, null, [{ content: 'she is 12', status: 'blocked' }]);
    expect(ignored.minor).toBeUndefined();
  });

  it('keeps a cue in the conversation once seen, after its message has left the newest messages', async () => {
    const m = t.modules.moderation.services.moderation;
    const { chat } = t.deps.uow.repos;
    const who = await quickUser(t);
    const character = await buildCharacter(t, who, { description: 'A friendly innkeeper.' });
    const conv = await chat.createConversation(who.user.id, character.id);
    // The message with the cue is among the newest ones: the scope reads it and keeps it (in the background).
    const seen = conversationScope(m, character, conv, [{ content: 'By the way, Lily is 14.' }]);
    expect(seen.minor).toMatchObject({ rule: 'stated-age-under-18', span: 'Lily is 14' });
    let row = await chat.conversation(conv.id);
    for (let i = 0; i < 100 && !row?.moderationScope?.minor; i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = await chat.conversation(conv.id);
    }
    expect(row!.moderationScope).toEqual({ minor: { ...seen.minor } });
    // Many messages later the cue's message is no longer read, and the cue still holds.
    const later = conversationScope(m, character, row, [{ content: 'The rain stops.' }, { content: 'We walk to the inn.' }]);
    expect(later.minor).toMatchObject({ rule: 'stated-age-under-18', span: 'Lily is 14' });
    const verdict = m.check({ content: 'Lily undresses and we have sex.' }, { surface: 'chat-user', scope: later });
    expect(verdict).toMatchObject({ allowed: false, rule: 'minors-sexual' });
    // Another conversation with the same character keeps nothing of it.
    const other = await chat.createConversation(who.user.id, character.id);
    const clean = conversationScope(m, character, other, []);
    expect(m.check({ content: 'Lily undresses and we have sex.' }, { surface: 'chat-user', scope: clean })).toEqual({ allowed: true });
  });
});
