// Group chats over HTTP against a local OpenAI-compatible peer (so every prompt the model gets can be read).
import type { ChatMessage, ConversationPage, Group, GroupReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { peerChatApp } from '../../../test/peer-app.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

const parseSse = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.includes('event:'))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)![1]!,
      data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as Record<string, unknown>,
    }));

type PromptMessage = { role: string; content: string };

describe('group chats', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let ids: { alice: string; bob: string; cara: string };

  const lastRequest = () => peer.requests.at(-1)!.body as { messages: PromptMessage[]; stop: string[] };
  const create = (u: BuiltUser, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/groups', headers: u.auth, payload: body });
  const newGroup = async (u: BuiltUser, body: Record<string, unknown> = {}) => {
    const res = await create(u, { name: 'Harbour crew', characterIds: [ids.alice, ids.bob, ids.cara], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as GroupSession;
  };
  const post = (u: BuiltUser, url: string, payload: Record<string, unknown> = {}, sse = false) =>
    t.app.inject({ method: 'POST', url, headers: { ...u.auth, ...(sse ? { accept: 'text/event-stream' } : {}) }, payload });
  const session = async (u: BuiltUser, id: string) =>
    (await t.app.inject({ url: `/api/groups/${id}`, headers: u.auth })).json() as GroupSession;

  beforeAll(async () => {
    // One free message a day, then 2 coins a reply.
    ({ t, peer } = await peerChatApp('groups', { chatMessage: 2, dailyFreeMessages: 1 }));
    owner = await buildUser(t);
    ids = {
      alice: (await buildCharacter(t, owner, { name: 'Alice Moreau', description: 'Alice keeps the lighthouse.' })).id,
      bob: (await buildCharacter(t, owner, { name: 'Bob', description: 'Bob mends nets.' })).id,
      cara: (await buildCharacter(t, owner, { name: 'Cara', description: 'Cara runs the ferry.' })).id,
    };
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it("creates a group of characters the user may chat with; someone else's private character cannot join", async () => {
    const u = await buildUser(t);
    const s = await newGroup(u, { scenario: 'A storm at the harbour.', turnMode: 'round_robin' });
    expect(s.group).toMatchObject({
      name: 'Harbour crew',
      scenario: 'A storm at the harbour.',
      turnMode: 'round_robin',
      nextSpeakerId: ids.alice,
    });
    expect(s.group.members.map((m) => m.name)).toEqual(['Alice Moreau', 'Bob', 'Cara']);
    expect(s.messages).toEqual([]);
    expect(s.cost).toEqual({ freeLeft: 1, costPerMessage: 2, balance: 0 });

    const secret = await buildCharacter(t, owner, { name: 'Hidden', visibility: 'private' });
    const refused = await create(u, { name: 'Nope', characterIds: [ids.alice, secret.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Character not found');
    // The owner may use their own private character.
    expect((await create(owner, { name: 'Mine', characterIds: [ids.alice, secret.id] })).statusCode).toBe(201);
    const premium = await buildCharacter(t, owner, { name: 'Gold', premium: true });
    const paid = await create(u, { name: 'Paid', characterIds: [ids.alice, premium.id] });
    expect(paid.statusCode).toBe(403);
    expect(paid.json().error.code).toBe('MEMBERSHIP_REQUIRED');
    // Bounds: 2 to 8, each once, a name.
    expect((await create(u, { name: 'Solo', characterIds: [ids.alice] })).json().message).toMatch(/at least 2 characters/);
    expect((await create(u, { name: 'Twice', characterIds: [ids.alice, ids.alice] })).statusCode).toBe(400);
    const nine = Array.from({ length: 9 }, () => crypto.randomUUID());
    expect((await create(u, { name: 'Crowd', characterIds: nine })).json().message).toMatch(/at most 8/);
    expect((await create(u, { name: ' ', characterIds: [ids.alice, ids.bob] })).statusCode).toBe(400);
    // Only the user's groups (every other user gets the same 404 as a missing group).
    const other = await buildUser(t);
    expect((await t.app.inject({ url: `/api/groups/${s.group.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await post(other, `/api/groups/${s.group.id}/message`, { content: 'hi' })).statusCode).toBe(404);
    expect((await post(other, `/api/groups/${s.group.id}/skip`)).statusCode).toBe(404);
  });

  it('natural turns: the named character replies, with its card, the scenario and the labelled shared history', async () => {
    const u = await buildUser(t, { coins: 10 });
    const s = await newGroup(u, { scenario: 'A storm at the harbour.' });
    peer.behave({ kind: 'reply', parts: ['Cara: The ferry', ' is late.'] });
    const res = await post(u, `/api/groups/${s.group.id}/message`, { content: 'Cara, where is the ferry?' }, true);
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['speaker', 'start', 'token', 'done']));
    expect(events[0]).toEqual({ event: 'speaker', data: { id: ids.cara, name: 'Cara', avatarUrl: null } });
    const reply = events.at(-1)!.data.message as ChatMessage;
    // Her name, which the model wrote as a label, is not part of the reply.
    expect(reply).toMatchObject({ role: 'assistant', content: 'The ferry is late.', speakerId: ids.cara });
    let prompt = lastRequest();
    expect(prompt.messages[0]!.content).toContain('Cara runs the ferry.');
    expect(prompt.messages[0]!.content).not.toContain('Bob mends nets.');
    expect(prompt.messages[0]!.content).toContain('Scenario: A storm at the harbour.');
    expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: `${u.user.username}: Cara, where is the ferry?` });
    expect(prompt.stop).toEqual(expect.arrayContaining(['\nAlice Moreau:', '\nBob:', `\n${u.user.username}:`]));
    expect(prompt.stop).not.toContain('\nCara:');

    // The user answers Cara without naming anyone: Cara was addressed, so she replies again.
    peer.behave({ kind: 'reply', parts: ['Soon.'] });
    const again = (await post(u, `/api/groups/${s.group.id}/message`, { content: 'Why?' })).json() as GroupReply;
    expect(again.speaker.id).toBe(ids.cara);

    // "Let Bob speak": Bob replies without a new message; Cara's lines reach him as labelled user-side turns.
    peer.behave({ kind: 'reply', parts: ['Nets first.'] });
    const bob = await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob });
    expect(bob.statusCode, bob.body).toBe(200);
    expect((bob.json() as GroupReply).userMessage).toBeNull();
    expect((bob.json() as GroupReply).reply.speakerId).toBe(ids.bob);
    prompt = lastRequest();
    expect(prompt.messages[0]!.content).toContain('Bob mends nets.');
    expect(
      prompt.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n'),
    ).toContain('Cara: The ferry is late.');
    expect(prompt.messages.filter((m) => m.role === 'assistant')).toEqual([]);
    // Roles alternate strictly, starting with the user.
    prompt.messages.slice(1).forEach((m, i) => expect(m.role).toBe(i % 2 === 0 ? 'user' : 'assistant'));

    // Next turn without a name: whoever has not spoken yet (Alice), never Bob twice.
    const next = (await post(u, `/api/groups/${s.group.id}/speak`)).json() as GroupReply;
    expect(next.speaker.id).toBe(ids.alice);
    const opened = await session(u, s.group.id);
    expect(opened.messages.map((m) => [m.role, m.speakerId ?? null])).toEqual([
      ['user', null],
      ['assistant', ids.cara],
      ['user', null],
      ['assistant', ids.cara],
      ['assistant', ids.bob],
      ['assistant', ids.alice],
    ]);
  });

  it('round robin follows member order; Skip passes over the one whose turn it is, free; manual needs a pick', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await newGroup(u, { turnMode: 'round_robin' });
    peer.behave({ kind: 'reply', parts: ['Hm.'] });
    expect(((await post(u, `/api/groups/${s.group.id}/message`, { content: 'Cara?' })).json() as GroupReply).speaker.id).toBe(ids.alice);
    const before = peer.requests.length;
    const balance = await t.modules.billing.services.ledger.balance(u.user.id);
    const skipped = await post(u, `/api/groups/${s.group.id}/skip`);
    expect(skipped.statusCode).toBe(200);
    // Bob's turn was skipped: Cara is next, nothing was asked of the model or charged.
    expect((skipped.json() as Group).nextSpeakerId).toBe(ids.cara);
    expect(peer.requests.length).toBe(before);
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(balance);
    expect(((await post(u, `/api/groups/${s.group.id}/speak`)).json() as GroupReply).speaker.id).toBe(ids.cara);
    // After a reply nobody is skipped any more: the round goes on from Cara to Alice.
    expect((await session(u, s.group.id)).group.nextSpeakerId).toBe(ids.alice);

    const manual = await t.app.inject({
      method: 'PATCH',
      url: `/api/groups/${s.group.id}`,
      headers: u.auth,
      payload: { turnMode: 'manual' },
    });
    expect((manual.json() as Group).nextSpeakerId).toBeNull();
    const unpicked = await post(u, `/api/groups/${s.group.id}/message`, { content: 'Anyone?' });
    expect(unpicked.statusCode).toBe(400);
    expect(unpicked.json().message).toBe('Pick who speaks next: this group takes turns manually.');
    expect((await post(u, `/api/groups/${s.group.id}/skip`)).statusCode).toBe(409);
    const picked = await post(u, `/api/groups/${s.group.id}/message`, { content: 'Anyone?', speakerId: ids.bob });
    expect((picked.json() as GroupReply).speaker.id).toBe(ids.bob);
    const stranger = await buildCharacter(t, owner, { name: 'Stranger' });
    expect((await post(u, `/api/groups/${s.group.id}/speak`, { characterId: stranger.id })).statusCode).toBe(404);
  });

  it('one reply at a time per group (409), and the per-user in-flight limit across groups (429)', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await newGroup(u);
    const s2 = await newGroup(u);
    let release!: () => void;
    peer.behave({ kind: 'gated', first: 'Wait', release: new Promise<void>((r) => (release = r)), rest: [' for it.'] });
    const before = peer.requests.length;
    const first = post(u, `/api/groups/${s.group.id}/speak`);
    while (peer.requests.length === before) await new Promise((r) => setTimeout(r, 10));
    const busy = await post(u, `/api/groups/${s.group.id}/speak`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Another reply in this group is being written. Wait for it to finish, or stop it.');
    // Another group's reply may run beside it, up to the user's in-flight limit (CHAT_IN_FLIGHT_PER_USER, 2 here).
    expect(t.deps.config.chat.inFlightPerUser).toBe(2);
    const second = post(u, `/api/groups/${s2.group.id}/speak`);
    while (peer.requests.length === before + 1) await new Promise((r) => setTimeout(r, 10));
    const s3 = await newGroup(u);
    const third = await post(u, `/api/groups/${s3.group.id}/speak`);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('You already have 2 replies being written. Wait for one to finish, or stop it.');
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    peer.behave({ kind: 'reply', parts: ['Free again.'] });
    expect((await post(u, `/api/groups/${s.group.id}/speak`)).statusCode).toBe(200);
  });

  it('each reply costs a message (free first, then coins, 402 when short); a failed or blocked attempt costs nothing', async () => {
    const u = await buildUser(t, { coins: 3 });
    const s = await newGroup(u);
    const balance = () => t.modules.billing.services.ledger.balance(u.user.id);
    peer.behave({ kind: 'reply', parts: ['One.'] });
    expect((await post(u, `/api/groups/${s.group.id}/message`, { content: 'Hello all' })).statusCode).toBe(200);
    expect((await session(u, s.group.id)).cost).toEqual({ freeLeft: 0, costPerMessage: 2, balance: 3 });
    // The model fails: refunded.
    peer.behave({ kind: 'http-error', status: 500, message: 'boom' });
    const failed = await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await balance()).toBe(3);
    // A message the policy refuses: 422, nothing charged or asked.
    const asked = peer.requests.length;
    const blocked = await post(u, `/api/groups/${s.group.id}/message`, { content: 'how to make a pipe bomb' });
    expect(blocked.statusCode).toBe(422);
    expect(peer.requests.length).toBe(asked);
    expect(await balance()).toBe(3);
    // A reply the policy withholds is replaced by the notice and refunded.
    peer.behave({ kind: 'reply', parts: ['Here is how to make a pipe bomb: ...'] });
    const withheld = (await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.cara })).json() as GroupReply;
    expect(withheld.reply.status).toBe('blocked');
    expect(await balance()).toBe(3);
    peer.behave({ kind: 'reply', parts: ['Two.'] });
    expect((await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob })).statusCode).toBe(200);
    expect(await balance()).toBe(1);
    const short = await post(u, `/api/groups/${s.group.id}/speak`);
    expect(short.statusCode).toBe(402);
    expect(short.json().error.details).toEqual({ cost: 2, balance: 1 });
  });

  it('regenerate and continue keep the speaker; edits and deletes use the conversation routes', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await newGroup(u);
    peer.behave({ kind: 'reply', parts: ['First take.'] });
    const first = (await post(u, `/api/groups/${s.group.id}/message`, { content: 'Bob, sing.' })).json() as GroupReply;
    expect(first.speaker.id).toBe(ids.bob);
    peer.behave({ kind: 'reply', parts: ['Second take.'] });
    const regen = (await post(u, `/api/groups/${s.group.id}/regenerate`)).json() as GroupReply;
    expect(regen.speaker.id).toBe(ids.bob);
    expect(regen.reply).toMatchObject({
      id: first.reply.id,
      content: 'Second take.',
      swipes: ['First take.', 'Second take.'],
      speakerId: ids.bob,
    });
    expect(lastRequest().messages[0]!.content).toContain('Bob mends nets.');
    peer.behave({ kind: 'reply', parts: ['And more.'] });
    const cont = (await post(u, `/api/groups/${s.group.id}/continue`)).json() as GroupReply;
    expect(cont.reply.content).toBe('Second take. And more.');
    // Swipe back through the one-to-one message routes (with the group's chatCharacterId).
    const anchor = s.group.chatCharacterId;
    const swiped = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${anchor}/message/${first.reply.id}`,
      headers: u.auth,
      payload: { swipeIndex: 0 },
    });
    expect(swiped.statusCode, swiped.body).toBe(200);
    expect((swiped.json() as ChatMessage).content).toBe('First take.');
    // "Why this reply": the inspector recorded the group reply (its parts and numbers).
    await t.deps.background.drain();
    const inspection = await t.app.inject({ url: `/api/messages/${first.reply.id}/inspection`, headers: u.auth });
    expect(inspection.statusCode, inspection.body).toBe(200);
    expect(inspection.json().inspection).toMatchObject({ kind: 'send', history: { included: 1 } });
    // The one-to-one reply routes refuse the group's conversation.
    expect((await post(u, `/api/chat/${anchor}/regenerate`, { conversationId: s.group.conversationId })).statusCode).toBe(404);
  });

  it('members join and leave mid-chat within 2–8; former members keep their name on their messages', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await newGroup(u, { characterIds: [ids.alice, ids.bob] });
    peer.behave({ kind: 'reply', parts: ['Bye.'] });
    await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob });
    const url = `/api/groups/${s.group.id}/members`;
    const tooFew = await t.app.inject({ method: 'DELETE', url: `${url}/${ids.bob}`, headers: u.auth });
    expect(tooFew.statusCode).toBe(409);
    const added = await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { characterId: ids.cara } });
    expect((added.json() as Group).members.map((m) => m.name)).toEqual(['Alice Moreau', 'Bob', 'Cara']);
    expect((await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { characterId: ids.cara } })).statusCode).toBe(409);
    const secret = await buildCharacter(t, owner, { visibility: 'private' });
    expect((await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { characterId: secret.id } })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${ids.bob}`, headers: u.auth });
    expect((removed.json() as Group).members.map((m) => m.name)).toEqual(['Alice Moreau', 'Cara']);
    expect((removed.json() as Group).formerMembers.map((m) => m.name)).toEqual(['Bob']);
    // Bob's line still reaches the others, under his name; he can no longer be asked to speak.
    expect((await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob })).statusCode).toBe(404);
    await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.cara });
    expect(JSON.stringify(lastRequest().messages)).toContain('Bob: Bye.');
    for (let i = 0; i < 6; i++) {
      const c = await buildCharacter(t, owner);
      await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { characterId: c.id } });
    }
    const ninth = await buildCharacter(t, owner);
    const full = await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { characterId: ninth.id } });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('A group can have at most 8 characters.');
  });

  it('the turn order passes over a member deleted or made private since; asked by name, they are refused', async () => {
    const u = await buildUser(t, { coins: 20 });
    const gone = await buildCharacter(t, owner, { name: 'Zed Gone' });
    const hidden = await buildCharacter(t, owner, { name: 'Yara Hidden' });
    const s = await newGroup(u, { characterIds: [gone.id, hidden.id, ids.cara] });
    await t.deps.uow.repos.characters.softDelete(gone.id);
    await t.deps.uow.repos.characters.update(hidden.id, { visibility: 'private' });
    expect((await session(u, s.group.id)).group.nextSpeakerId).toBe(ids.cara);
    peer.behave({ kind: 'reply', parts: ['Still here.'] });
    // Named in the message, but neither may speak: the next one who can does.
    const reply = (await post(u, `/api/groups/${s.group.id}/message`, { content: 'Zed? Yara?' })).json() as GroupReply;
    expect(reply.speaker.id).toBe(ids.cara);
    const deleted = await post(u, `/api/groups/${s.group.id}/speak`, { characterId: gone.id });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Zed Gone was deleted by its creator: remove them from the group to go on.');
    expect((await post(u, `/api/groups/${s.group.id}/speak`, { characterId: hidden.id })).statusCode).toBe(404);
  });

  it("the user's persona applies in a group: its name labels the user's lines and stops the reply, its description is in the prompt", async () => {
    const u = await buildUser(t, { coins: 10 });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: u.auth,
      payload: { name: 'Captain Ro', description: 'A retired pilot who talks to {{char}} like an old friend.', pronouns: 'she/her' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const s = await newGroup(u);
    peer.behave({ kind: 'reply', parts: ['Welcome back.'] });
    const res = await post(u, `/api/groups/${s.group.id}/message`, { content: 'Bob, I am home.' });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = lastRequest();
    expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: 'Captain Ro: Bob, I am home.' });
    expect(prompt.messages[0]!.content).toContain('A retired pilot who talks to Bob like an old friend.');
    expect(JSON.stringify(prompt.messages)).not.toContain(u.user.username);
    expect(prompt.stop).toContain('\nCaptain Ro:');

    // Another persona chosen for the group's conversation takes over from the default.
    const other = await t.app.inject({ method: 'POST', url: '/api/personas', headers: u.auth, payload: { name: 'Mx Vale' } });
    const otherId = (other.json() as { id: string }).id;
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${s.group.conversationId}/persona`,
      headers: u.auth,
      payload: { personaId: otherId },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    peer.behave({ kind: 'reply', parts: ['Hi.'] });
    await post(u, `/api/groups/${s.group.id}/message`, { content: 'Cara?' });
    // Cara's prompt: the user's lines and Bob's are on the user side, each of the user's under the persona it was
    // written as (the earlier one Captain Ro's, as the page shows it); only the persona in force is described.
    const last = lastRequest().messages.at(-1)!;
    expect(last.content).toBe('Captain Ro: Bob, I am home.\n\nBob: Welcome back.\n\nMx Vale: Cara?');
    expect(lastRequest().messages[0]!.content).not.toContain('A retired pilot');
    expect(lastRequest().stop).toContain('\nMx Vale:');
    // The group's choice is not remembered for its first member's one-to-one chats, and no message was rewritten.
    const one = (await t.app.inject({ url: `/api/chat/${ids.alice}`, headers: u.auth })).json() as { conversation: { id: string } };
    const oneState = await t.app.inject({ url: `/api/conversations/${one.conversation.id}/persona`, headers: u.auth });
    expect(oneState.json()).toMatchObject({ userName: 'Captain Ro', source: 'default' });
    expect((await session(u, s.group.id)).messages[1]).toMatchObject({ content: 'Welcome back.' });
  });

  it("a line written under the account's own name keeps it in later prompts once a persona is chosen (#46.6)", async () => {
    const u = await buildUser(t, { coins: 10 });
    const s = await newGroup(u);
    peer.behave({ kind: 'reply', parts: ['Evening.'] });
    expect((await post(u, `/api/groups/${s.group.id}/message`, { content: 'Bob, evening.' })).statusCode).toBe(200);
    const made = await t.app.inject({ method: 'POST', url: '/api/personas', headers: u.auth, payload: { name: 'Wren', isDefault: true } });
    expect(made.statusCode, made.body).toBe(201);
    peer.behave({ kind: 'reply', parts: ['Hello, Wren.'] });
    await post(u, `/api/groups/${s.group.id}/message`, { content: 'Cara?' });
    expect(lastRequest().messages.at(-1)!.content).toBe(`${u.user.username}: Bob, evening.\n\nBob: Evening.\n\nWren: Cara?`);
  });

  it("the inspector rebuilds a group reply's full prompt as the speaker's group prompt, the same messages the model got", async () => {
    const u = await buildUser(t, { coins: 10 });
    const s = await newGroup(u, { scenario: 'A storm over the harbour.' });
    peer.behave({ kind: 'reply', parts: ['The lamp is lit.'] });
    const first = await post(u, `/api/groups/${s.group.id}/message`, { content: 'Alice, is the lamp lit?' });
    expect(first.statusCode, first.body).toBe(200);
    // Bob speaks next with no new message: Alice's line is on his user side.
    peer.behave({ kind: 'reply', parts: ['Nets are mended.'] });
    const second = await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob });
    expect(second.statusCode, second.body).toBe(200);
    const sent = lastRequest().messages;
    await t.deps.background.drain(); // the inspection is written once the reply is saved
    const replyId = (second.json() as { reply: { id: string } }).reply.id;
    const res = await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    const rebuilt = res.json() as { messages: PromptMessage[]; changes: string[] };
    expect(rebuilt.messages).toEqual(sent);
    expect(rebuilt.messages[0]!.content).toContain('A storm over the harbour.');
    expect(rebuilt.messages.at(-1)!.content).toContain('Alice Moreau: The lamp is lit.');
    expect(rebuilt.changes).toEqual([]);

    // Bob again: his own line is last, so the prompt adds a cue for a new one; the rebuild has it too, and no history
    // is reported missing.
    peer.behave({ kind: 'reply', parts: ['And the boats are tied.'] });
    const third = await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.bob });
    expect(third.statusCode, third.body).toBe(200);
    const sentAgain = lastRequest().messages;
    expect(sentAgain.at(-1)!.content).toContain('speaks again');
    await t.deps.background.drain();
    const again = await t.app.inject({
      url: `/api/messages/${(third.json() as { reply: { id: string } }).reply.id}/inspection/prompt`,
      headers: u.auth,
    });
    expect(again.json()).toMatchObject({ messages: sentAgain, changes: [] });
  });

  it('branches a group chat into a group chat: members, scenario, turn order and speakers kept; each goes its own way', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await newGroup(u, { scenario: 'A storm over the harbour.', turnMode: 'round_robin' });
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    expect((await post(u, `/api/groups/${s.group.id}/message`, { content: 'Bob?' })).statusCode).toBe(200);
    peer.behave({ kind: 'reply', parts: ['The ferry is late.'] });
    expect((await post(u, `/api/groups/${s.group.id}/speak`, { characterId: ids.cara })).statusCode).toBe(200);
    // Cara leaves after her line: the branch keeps her as a former member, so the line keeps her name.
    const left = await t.app.inject({ method: 'DELETE', url: `/api/groups/${s.group.id}/members/${ids.cara}`, headers: u.auth });
    expect(left.statusCode, left.body).toBe(200);
    const before = (await session(u, s.group.id)).messages;
    expect(before.map((m) => m.content)).toEqual(['Bob?', 'Aye.', 'The ferry is late.']);

    const res = await post(u, `/api/conversations/${s.group.conversationId}/branches`, { messageId: before[2]!.id });
    expect(res.statusCode, res.body).toBe(201);
    const { branch, tree } = res.json() as {
      branch: { id: string; groupId: string | null };
      tree: { items: { groupId: string | null }[] };
    };
    expect(branch.groupId).toBeTruthy();
    expect(branch.groupId).not.toBe(s.group.id);
    expect(tree.items.map((b) => b.groupId)).toEqual([s.group.id, branch.groupId]);

    const fork = await session(u, branch.groupId!);
    expect(fork.group).toMatchObject({
      name: 'Harbour crew',
      scenario: 'A storm over the harbour.',
      turnMode: 'round_robin',
      conversationId: branch.id,
    });
    expect(fork.group.members.map((m) => m.id)).toEqual([ids.alice, ids.bob]);
    expect(fork.group.formerMembers.map((m) => m.id)).toEqual([ids.cara]);
    expect(fork.messages.map((m) => [m.content, m.speakerId])).toEqual(before.map((m) => [m.content, m.speakerId]));
    expect(fork.messages.map((m) => m.id)).not.toContain(before[0]!.id);

    // A reply in the branch stays there; the group it came from is as it was.
    peer.behave({ kind: 'reply', parts: ['Here, in the branch.'] });
    const there = await post(u, `/api/groups/${branch.groupId}/message`, { content: 'Alice?' });
    expect(there.statusCode, there.body).toBe(200);
    expect(lastRequest().messages[0]!.content).toContain('A storm over the harbour.');
    expect((await session(u, branch.groupId!)).messages).toHaveLength(5);
    expect((await session(u, s.group.id)).messages.map((m) => m.id)).toEqual(before.map((m) => m.id));

    // Deleting the branch deletes its group; the first one stays.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${branch.id}`, headers: u.auth });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.app.inject({ url: `/api/groups/${branch.groupId}`, headers: u.auth })).statusCode).toBe(404);
    expect((await session(u, s.group.id)).messages).toHaveLength(3);
    // Someone else cannot branch it: 404, as for a conversation that does not exist.
    const other = await buildUser(t);
    const theirs = await post(other, `/api/conversations/${s.group.conversationId}/branches`, { messageId: before[0]!.id });
    expect(theirs.statusCode).toBe(404);
  });

  it("recent chats show groups with their members; a character's own conversations do not", async () => {
    const u = await buildUser(t, { coins: 5 });
    const s = await newGroup(u, { name: 'Tea party' });
    peer.behave({ kind: 'reply', parts: ['Tea?'] });
    await post(u, `/api/groups/${s.group.id}/message`, { content: 'Hello' });
    const recent = (await t.app.inject({ url: '/api/conversations', headers: u.auth })).json() as ConversationPage;
    const item = recent.items.find((c) => c.id === s.group.conversationId)!;
    expect(item.group).toMatchObject({ id: s.group.id, name: 'Tea party' });
    expect(item.group!.members.map((m) => m.name)).toEqual(['Alice Moreau', 'Bob', 'Cara']);
    const ofAlice = await t.app.inject({ url: `/api/chat/${ids.alice}/conversations`, headers: u.auth });
    expect((ofAlice.json() as { items: { id: string }[] }).items.map((c) => c.id)).not.toContain(s.group.conversationId);
    // Opening Alice's chat starts a one-to-one conversation, not the group's.
    const one = (await t.app.inject({ url: `/api/chat/${ids.alice}`, headers: u.auth })).json() as { conversation: { id: string } };
    expect(one.conversation.id).not.toBe(s.group.conversationId);
    // Deleting the conversation deletes the group.
    await t.app.inject({ method: 'DELETE', url: `/api/conversations/${s.group.conversationId}`, headers: u.auth });
    expect((await t.app.inject({ url: `/api/groups/${s.group.id}`, headers: u.auth })).statusCode).toBe(404);
  });
});

describe("a group chat's memory", () => {
  it('summarises the shared history with each line under its speaker', async () => {
    const peer = await startOpenAiPeer();
    const t = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      CHAT_MEMORY_EVERY: '4',
    });
    try {
      const u = await buildUser(t, { coins: 20 });
      const owner = await buildUser(t);
      const alice = (await buildCharacter(t, owner, { name: 'Alice' })).id;
      const bob = (await buildCharacter(t, owner, { name: 'Bob' })).id;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: u.auth,
        payload: { name: 'Pair', characterIds: [alice, bob] },
      });
      const id = (created.json() as GroupSession).group.id;
      const speak = async (characterId: string, line: string) => {
        peer.behave({ kind: 'reply', parts: [line] });
        const res = await t.app.inject({ method: 'POST', url: `/api/groups/${id}/speak`, headers: u.auth, payload: { characterId } });
        expect(res.statusCode, res.body).toBe(200);
      };
      await speak(alice, 'I found the map.');
      await speak(bob, 'I brought the boat.');
      await speak(alice, 'Then we sail at dawn.');
      // The fourth reply makes the summary due; the peer answers the summary request with the same text.
      await speak(bob, 'Agreed.');
      await t.deps.background.drain();
      const summaryPrompt = JSON.stringify(peer.requests.at(-1)!.body.messages);
      expect(summaryPrompt).toContain('Alice: I found the map.');
      expect(summaryPrompt).toContain('Bob: I brought the boat.');
      const memory = await t.app.inject({
        url: `/api/conversations/${(created.json() as GroupSession).group.conversationId}/memory`,
        headers: u.auth,
      });
      expect(memory.json().summary).toBe('Agreed.');
    } finally {
      await t.close();
      await peer.close();
    }
  }, 60_000);
});

describe('a group reply left by a process that died', () => {
  it('keeps its speaker: the progress row names it, and the recovered words are saved under it', async () => {
    const peer = await startOpenAiPeer();
    const t = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      CHAT_PROGRESS_MS: '400',
    });
    try {
      const u = await buildUser(t, { coins: 20 });
      const owner = await buildUser(t);
      const alice = (await buildCharacter(t, owner, { name: 'Alice' })).id;
      const bob = (await buildCharacter(t, owner, { name: 'Bob' })).id;
      const created = (
        await t.app.inject({ method: 'POST', url: '/api/groups', headers: u.auth, payload: { name: 'Pair', characterIds: [alice, bob] } })
      ).json() as GroupSession;
      const { replyProgress } = t.deps.uow.repos;
      // A reply being written: its progress row carries the speaker.
      let release!: () => void;
      peer.behave({ kind: 'gated', first: 'Half', release: new Promise<void>((r) => (release = r)), rest: [' done.'] });
      const writing = t.app.inject({
        method: 'POST',
        url: `/api/groups/${created.group.id}/speak`,
        headers: u.auth,
        payload: { characterId: bob },
      });
      await expect.poll(async () => (await replyProgress.repliesInProgress(u.user.id)).map((r) => r.speakerId)).toEqual([bob]);
      release();
      expect((await writing).statusCode).toBe(200);

      // A process died while Bob was speaking: nobody renews the row; the sweep saves the words as Bob's.
      await t.modules.chat.services.recovery.stop();
      const id = crypto.randomUUID();
      const replyId = crypto.randomUUID();
      await replyProgress.insertProgress({
        id,
        userId: u.user.id,
        replyId,
        chargeKey: '',
        speakerId: bob,
        conversationId: created.group.conversationId,
        kind: 'regenerate',
        newReply: true,
        userMessageId: null,
      });
      await replyProgress.renewProgress([{ id, from: 0, added: 'The tide turned and' }]);
      await new Promise((r) => setTimeout(r, 1400));
      await t.modules.chat.services.recovery.recoverStale();
      const s = (await t.app.inject({ url: `/api/groups/${created.group.id}`, headers: u.auth })).json() as GroupSession;
      expect(s.messages.at(-1)).toMatchObject({ id: replyId, status: 'incomplete', content: 'The tide turned and', speakerId: bob });
    } finally {
      await t.close();
      await peer.close();
    }
  }, 60_000);
});
