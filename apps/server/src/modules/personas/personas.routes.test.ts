// Personas over HTTP: CRUD within bounds, the owner rule (someone else's persona is a 404 everywhere), the default,
// the choice per conversation remembered per character, the persona in the prompt the model gets (a local
// OpenAI-compatible peer records it), and each message shown as the persona it was written as.
import type {
  ChatMessage,
  ChatReply,
  ChatSession,
  ConversationPersona,
  ForkResult,
  GroupReply,
  GroupSession,
  InspectionResponse,
  MessageWindow,
  Persona,
  PersonaList,
  RebuiltPrompt,
} from '@reverie/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

let t: TestApp;
let peer: OpenAiPeer;
let owner: BuiltUser;

beforeAll(async () => {
  peer = await startOpenAiPeer();
  t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----reverie' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const create = (u: BuiltUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/personas', headers: u.auth, payload });
async function persona(u: BuiltUser, payload: Record<string, unknown>): Promise<Persona> {
  const res = await create(u, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Persona;
}
const list = async (u: BuiltUser) => ((await t.app.inject({ url: '/api/personas', headers: u.auth })).json() as PersonaList).items;
const open = async (u: BuiltUser, characterId: string) =>
  (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
const choose = (u: BuiltUser, conversationId: string, personaId: string | null) =>
  t.app.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/persona`, headers: u.auth, payload: { personaId } });
const send = (u: BuiltUser, characterId: string, content: string, conversationId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/message`,
    headers: u.auth,
    payload: { content, ...(conversationId ? { conversationId } : {}) },
  });
const lastSystemPrompt = () => (peer.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>)[0]!.content;

describe('personas CRUD', () => {
  it('creates, lists, changes and deletes personas; the first is the default and a deleted default passes to the oldest left', async () => {
    const u = await buildUser(t);
    expect(await list(u)).toEqual([]);
    const ro = await persona(u, { name: '  Captain Ro ', description: 'A retired smuggler.', pronouns: 'she/her' });
    expect(ro).toMatchObject({
      name: 'Captain Ro',
      description: 'A retired smuggler.',
      pronouns: 'she/her',
      isDefault: true,
      avatarUrl: null,
    });
    const kit = await persona(u, { name: 'Kit' });
    expect(kit).toMatchObject({ description: '', pronouns: null, isDefault: false });
    const lee = await persona(u, { name: 'Lee', isDefault: true });
    expect((await list(u)).map((p) => [p.name, p.isDefault])).toEqual([
      ['Lee', true],
      ['Captain Ro', false],
      ['Kit', false],
    ]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/personas/${kit.id}`,
      headers: u.auth,
      payload: { description: 'A courier.', pronouns: 'xe/xem' },
    });
    expect(patched.json()).toMatchObject({ name: 'Kit', description: 'A courier.', pronouns: 'xe/xem' });
    const cleared = await t.app.inject({ method: 'PATCH', url: `/api/personas/${kit.id}`, headers: u.auth, payload: { pronouns: '' } });
    expect(cleared.json().pronouns).toBeNull();

    const def = await t.app.inject({ method: 'POST', url: `/api/personas/${kit.id}/default`, headers: u.auth });
    expect(def.json()).toMatchObject({ id: kit.id, isDefault: true });
    expect((await list(u)).filter((p) => p.isDefault).map((p) => p.id)).toEqual([kit.id]);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/personas/${kit.id}`, headers: u.auth });
    expect(del.json()).toMatchObject({ success: true });
    const left = await list(u);
    expect(left.map((p) => p.id)).toEqual([ro.id, lee.id]);
    expect(left[0]!.isDefault).toBe(true);
  });

  it('bounds every field and refuses a 21st persona with a clear message', async () => {
    const u = await buildUser(t);
    const tooLong = await create(u, { name: 'Ro', description: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 2,000 characters/);
    expect((await create(u, { name: 'Ro', description: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await create(u, { name: 'n'.repeat(61) })).json().message).toMatch(/name can be at most 60/);
    expect((await create(u, { name: '   ' })).json().message).toMatch(/Give the persona a name/);
    expect((await create(u, { name: 'Bell\u0007' })).json().message).toMatch(/Control characters/);
    expect((await create(u, { name: 'Ro', pronouns: 'p'.repeat(41) })).statusCode).toBe(400);
    for (let i = 2; i <= 20; i++) expect((await create(u, { name: `Persona ${i}` })).statusCode).toBe(201);
    const over = await create(u, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can keep at most 20 personas. Delete one to make room for another.');
    expect(await list(u)).toHaveLength(20);
  });

  it('refuses a persona the blocked-content policy refuses, with the usual error, and saves nothing', async () => {
    const u = await buildUser(t);
    const res = await create(u, { name: 'Lily', description: 'A 12 year old girl who wants to have sex with {{char}}.' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CONTENT_BLOCKED');
    expect(res.json().error.details.field).toBe('description');
    expect(res.json().message).toMatch(/persona description/);
    expect(await list(u)).toEqual([]);
    // Adults writing explicit fiction is allowed.
    expect((await create(u, { name: 'Vera', description: 'A 34-year-old woman who loves rough sex.' })).statusCode).toBe(201);
    const ok = (await list(u))[0]!;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/personas/${ok.id}`,
      headers: u.auth,
      payload: { description: 'She is 15 and we have sex.' },
    });
    expect(edit.json().error.code).toBe('CONTENT_BLOCKED');
    expect((await list(u))[0]!.description).toBe('A 34-year-old woman who loves rough sex.');
  });

  it('checks a change of the pronouns alone, with the rest of the persona, and keeps the old pronouns when refused', async () => {
    const u = await buildUser(t);
    const vera = await persona(u, { name: 'Vera', description: 'Loves rough sex with {{char}}.', pronouns: 'she/her' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/personas/${vera.id}`,
      headers: u.auth,
      payload: { pronouns: 'she/her, a 12 year old girl' },
    });
    expect(edit.statusCode, edit.body).toBe(422);
    expect(edit.json().error.code).toBe('CONTENT_BLOCKED');
    expect((await list(u))[0]!.pronouns).toBe('she/her');
  });

  it('keeps exactly one default when personas are deleted in parallel', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await buildUser(t);
      const first = await persona(u, { name: 'First' });
      const second = await persona(u, { name: 'Second' });
      await persona(u, { name: 'Third' });
      const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/personas/${id}`, headers: u.auth });
      const answers = await Promise.all([del(first.id), del(second.id)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const left = await list(u);
      expect(left.map((p) => p.name)).toEqual(['Third']);
      expect(left[0]!.isDefault).toBe(true);
    }
  });

  it('re-encodes an avatar to a 512px WebP, refuses what is not an image, and removes it', async () => {
    const u = await buildUser(t);
    const p = await persona(u, { name: 'Pic' });
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toBuffer();
    const mp = multipart('file', 'me.jpg', 'image/jpeg', jpeg);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/personas/${p.id}/avatar`,
      headers: { ...u.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json() as Persona).avatarUrl!;
    expect(url).toMatch(/^\/media\/avatars\/personas\/.+\.webp$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const junk = multipart('file', 'x.png', 'image/png', Buffer.from('not an image'));
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/personas/${p.id}/avatar`,
      headers: { ...u.auth, ...junk.headers },
      payload: junk.payload,
    });
    expect(bad.statusCode).toBe(415);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/personas/${p.id}/avatar`, headers: u.auth });
    expect(removed.json().avatarUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('owner scope', () => {
  it("answers 404 for someone else's persona everywhere, also when choosing it for one's own conversation", async () => {
    const [alice, bob] = [await buildUser(t), await buildUser(t)];
    const bobs = await persona(bob, { name: 'Bob Persona' });
    const character = await buildCharacter(t, owner, { greeting: 'Hi {{user}}.' });
    const conv = (await open(alice, character.id)).conversation.id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const mp = multipart('file', 'a.png', 'image/png', png);
    const calls = [
      { method: 'PATCH' as const, url: `/api/personas/${bobs.id}`, payload: { name: 'Stolen' } },
      { method: 'DELETE' as const, url: `/api/personas/${bobs.id}` },
      { method: 'POST' as const, url: `/api/personas/${bobs.id}/default` },
      { method: 'DELETE' as const, url: `/api/personas/${bobs.id}/avatar` },
      { method: 'POST' as const, url: `/api/personas/${bobs.id}/avatar`, payload: mp.payload, headers: mp.headers },
      { method: 'PUT' as const, url: `/api/conversations/${conv}/persona`, payload: { personaId: bobs.id } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: { ...alice.auth, ...c.headers } });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
      expect(res.json().message).toBe('Persona not found');
    }
    expect((await list(bob))[0]).toMatchObject({ name: 'Bob Persona', isDefault: true });
    // Someone else's conversation is as missing as a persona.
    const mine = await persona(alice, { name: 'Alice Persona' });
    const bobConv = (await open(bob, character.id)).conversation.id;
    expect((await choose(alice, bobConv, mine.id)).json().message).toBe('Conversation not found');
    expect((await t.app.inject({ url: `/api/conversations/${bobConv}/persona`, headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/personas' })).statusCode).toBe(401);
  });
});

describe('choosing a persona', () => {
  it('uses the default, else the account name; a choice for a conversation rewrites an untouched greeting and is remembered for the character', async () => {
    const u = await buildUser(t);
    const character = await buildCharacter(t, owner, {
      greeting: 'Welcome back, {{user}}.',
      alternateGreetings: ['Oh, {{user}}. You came.'],
    });
    const first = await open(u, character.id);
    expect(first.messages[0]!.content).toBe(`Welcome back, ${u.user.username}.`);
    const none = (await t.app.inject({ url: `/api/conversations/${first.conversation.id}/persona`, headers: u.auth })).json();
    expect(none).toMatchObject({ persona: null, source: 'none', userName: u.user.username });

    const ro = await persona(u, { name: 'Captain Ro' });
    const kit = await persona(u, { name: 'Kit' });
    const byDefault = (await t.app.inject({ url: `/api/conversations/${first.conversation.id}/persona`, headers: u.auth })).json();
    expect(byDefault).toMatchObject({ persona: { id: ro.id }, source: 'default', userName: 'Captain Ro' });

    const chosen = await choose(u, first.conversation.id, kit.id);
    expect(chosen.json() as ConversationPersona).toMatchObject({ persona: { id: kit.id }, source: 'chosen', userName: 'Kit' });
    const reopened = await open(u, character.id);
    expect(reopened.messages[0]!.content).toBe('Welcome back, Kit.');
    expect(reopened.messages[0]!.swipes).toEqual(['Welcome back, Kit.', 'Oh, Kit. You came.']);

    // Remembered for the character: a new conversation starts as Kit, not the default.
    const started = await t.app.inject({ method: 'POST', url: `/api/chat/${character.id}/conversations`, headers: u.auth });
    const second = started.json() as ChatSession;
    expect(second.messages[0]!.content).toBe('Welcome back, Kit.');
    const secondPersona = (await t.app.inject({ url: `/api/conversations/${second.conversation.id}/persona`, headers: u.auth })).json();
    expect(secondPersona).toMatchObject({ persona: { id: kit.id }, userName: 'Kit' });
    // Another character is not affected: the default applies there.
    const other = await buildCharacter(t, owner, { greeting: 'Hello, {{user}}.' });
    expect((await open(u, other.id)).messages[0]!.content).toBe('Hello, Captain Ro.');

    // Once the user has written, the greeting stays as it was.
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    expect((await send(u, character.id, 'Hello.', second.conversation.id)).statusCode).toBe(200);
    await choose(u, second.conversation.id, ro.id);
    const after = (
      await t.app.inject({ url: `/api/chat/${character.id}?conversationId=${second.conversation.id}`, headers: u.auth })
    ).json() as ChatSession;
    expect(after.messages[0]!.content).toBe('Welcome back, Kit.');

    // null goes back to the default and forgets the character's choice.
    const reset = await choose(u, first.conversation.id, null);
    expect(reset.json()).toMatchObject({ persona: { id: ro.id }, source: 'default' });
    const firstAgain = await t.app.inject({ url: `/api/chat/${character.id}?conversationId=${first.conversation.id}`, headers: u.auth });
    expect((firstAgain.json() as ChatSession).messages[0]!.content).toBe('Welcome back, Captain Ro.');

    // A deleted persona: its conversations fall back to the default.
    await t.app.inject({ method: 'DELETE', url: `/api/personas/${ro.id}`, headers: u.auth });
    const fallback = (await t.app.inject({ url: `/api/conversations/${second.conversation.id}/persona`, headers: u.auth })).json();
    expect(fallback).toMatchObject({ persona: { id: kit.id }, source: 'default' });
  });
});

describe('the persona in the prompt', () => {
  it('is the name for {{user}} in the prompt, greeting and lorebook, and its description follows the sheet', async () => {
    peer.behave({ kind: 'reply', parts: ['The', ' lamp', ' glows.'] });
    const u = await buildUser(t);
    const character = await buildCharacter(t, owner, {
      description: '{{char}} keeps the lighthouse for {{user}}.',
      greeting: 'At last, {{user}}.',
    });
    await t.deps.uow.repos.characters.update(character.id, {
      characterBook: {
        entries: [{ keys: ['lantern'], content: '{{user}} broke the great lantern once.', insertionOrder: 0, enabled: true }],
      },
    });
    await persona(u, { name: 'Captain Ro', description: 'A retired smuggler with a wooden leg.', pronouns: 'she/her' });
    const session = await open(u, character.id);
    expect(session.messages[0]!.content).toBe('At last, Captain Ro.');
    const res = await send(u, character.id, 'Mind the lantern.');
    expect(res.statusCode, res.body).toBe(200);
    const system = lastSystemPrompt();
    expect(system).toContain('keeps the lighthouse for Captain Ro.');
    expect(system).toContain('Captain Ro broke the great lantern once.');
    expect(system).toContain('About Captain Ro (she/her):\nA retired smuggler with a wooden leg.');
    expect(system.indexOf('About Captain Ro')).toBeGreaterThan(system.indexOf('keeps the lighthouse'));
    expect(system).not.toContain(u.user.username);
    const turns = JSON.stringify(peer.requests.at(-1)!.body.messages);
    expect(turns).toContain('At last, Captain Ro.');
    expect(turns).not.toMatch(/\{\{user\}\}/);
    // The "Why this reply" inspector lists the persona as its own part, and its rebuilt prompt carries it.
    const replyId = (res.json() as { reply: { id: string } }).reply.id;
    await t.deps.background.drain(); // the inspection is written once the reply is saved
    const inspected = await t.app.inject({ url: `/api/messages/${replyId}/inspection`, headers: u.auth });
    const inspection = (inspected.json() as InspectionResponse).inspection!;
    const part = inspection.parts.find((p) => p.name === 'persona');
    expect(part?.tokens).toBeGreaterThan(0);
    expect(inspection.parts.map((p) => p.name).indexOf('persona')).toBeGreaterThan(
      inspection.parts.map((p) => p.name).indexOf('description'),
    );
    const full = (await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: u.auth })).json() as RebuiltPrompt;
    expect(full.messages[0]!.content).toContain('About Captain Ro (she/her):');
    // A chat exported as a file names the user by the persona too.
    const exported = await t.app.inject({ url: `/api/conversations/${session.conversation.id}/export?format=jsonl`, headers: u.auth });
    expect(JSON.parse(exported.body.split('\n')[0]!)).toMatchObject({ user_name: 'Captain Ro' });
  });

  it('is checked by the policy as it enters the prompt: a persona that reads as a minor refuses the message, nothing charged', async () => {
    const u = await buildUser(t, { coins: 5 });
    const character = await buildCharacter(t, owner, { nsfw: true, greeting: 'Hello.' });
    // Saved before the policy knew better (written past the service, as an old row would be).
    await t.deps.uow.repos.personas.insert({ userId: u.user.id, name: 'Lily', description: 'A 12 year old girl.', isDefault: true });
    await open(u, character.id);
    const before = peer.requests.length;
    const res = await send(u, character.id, 'We have sex.');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CONTENT_BLOCKED');
    expect(res.json().message).toMatch(/persona description/);
    expect(res.json().error.details.field).toBe('personaDescription');
    expect(peer.requests.length).toBe(before);
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(5);
  });
});

describe('each message keeps the persona it was written as', () => {
  const session = async (u: BuiltUser, characterId: string, conversationId: string) =>
    (await t.app.inject({ url: `/api/chat/${characterId}?conversationId=${conversationId}`, headers: u.auth })).json() as ChatSession;
  const shown = (messages: ChatMessage[]) => messages.map((m) => [m.role, m.content, m.persona]);
  const ro = { name: 'Captain Ro', avatarUrl: '/media/avatars/personas/ro.webp' };
  const kit = { name: 'Kit', avatarUrl: null };

  it('shows each message as its persona after a switch, in every read, and shows the account once that persona is deleted', async () => {
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    const u = await buildUser(t);
    const character = await buildCharacter(t, owner, { greeting: 'Ahoy, {{user}}.' });
    const a = await persona(u, { name: 'Captain Ro' });
    await t.deps.uow.repos.personas.update(a.id, { avatarUrl: ro.avatarUrl });
    const b = await persona(u, { name: 'Kit' });
    const conv = (await open(u, character.id)).conversation.id;

    await choose(u, conv, a.id);
    const first = await send(u, character.id, 'First, as Ro.', conv);
    expect(first.statusCode, first.body).toBe(200);
    // The answer carries it already (the page shows the message from it).
    expect((first.json() as ChatReply).userMessage).toMatchObject({ content: 'First, as Ro.', persona: ro });
    expect((first.json() as ChatReply).reply.persona).toBeNull();
    await choose(u, conv, b.id);
    const second = await send(u, character.id, 'Second, as Kit.', conv);
    expect((second.json() as ChatReply).userMessage).toMatchObject({ persona: kit });

    const expected = [
      ['assistant', 'Ahoy, Captain Ro.', null],
      ['user', 'First, as Ro.', ro],
      ['assistant', 'Aye.', null],
      ['user', 'Second, as Kit.', kit],
      ['assistant', 'Aye.', null],
    ];
    expect(shown((await session(u, character.id, conv)).messages)).toEqual(expected);
    const history = await t.app.inject({ url: `/api/chat/history?characterId=${character.id}&conversationId=${conv}`, headers: u.auth });
    expect(shown((history.json() as { items: ChatMessage[] }).items)).toEqual(expected);
    const window = await t.app.inject({ url: `/api/conversations/${conv}/messages`, headers: u.auth });
    expect(shown((window.json() as MessageWindow).items)).toEqual(expected);

    // An edit keeps the persona the message was written as, not the one in force now.
    const firstId = (await session(u, character.id, conv)).messages[1]!.id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${character.id}/message/${firstId}`,
      headers: u.auth,
      payload: { content: 'First, as Ro (edited).' },
    });
    expect(edited.json()).toMatchObject({ content: 'First, as Ro (edited).', persona: ro });

    // A branch copies the messages with their personas.
    const secondId = (await session(u, character.id, conv)).messages[3]!.id;
    const forked = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv}/branches`,
      headers: u.auth,
      payload: { messageId: secondId },
    });
    expect(forked.statusCode, forked.body).toBe(201);
    const branchId = (forked.json() as ForkResult).branch.id;
    expect((await session(u, character.id, branchId)).messages.map((m) => m.persona)).toEqual([null, ro, null, kit]);

    // The exported chat names each line by its persona.
    const exported = await t.app.inject({ url: `/api/conversations/${conv}/export?format=jsonl`, headers: u.auth });
    const lines = exported.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name?: string; is_user?: boolean; user_name?: string });
    expect(lines[0]).toMatchObject({ user_name: 'Kit' });
    expect(lines.slice(1).map((l) => [l.is_user, l.name])).toEqual([
      [false, character.name],
      [true, 'Captain Ro'],
      [false, character.name],
      [true, 'Kit'],
      [false, character.name],
    ]);

    // Deleting a persona leaves its messages without one: they show as the account (never as today's persona).
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas/${a.id}`, headers: u.auth })).statusCode).toBe(200);
    const account = { name: u.user.username, avatarUrl: null };
    expect((await session(u, character.id, conv)).messages.map((m) => m.persona)).toEqual([null, account, null, kit, null]);
    expect((await session(u, character.id, branchId)).messages.map((m) => m.persona)).toEqual([null, account, null, kit]);
  });

  it("keeps a message written under the account's own name as the account's after a persona is chosen (#46.6)", async () => {
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    const u = await buildUser(t);
    const account = { name: u.user.username, avatarUrl: null };
    const character = await buildCharacter(t, owner);
    const conv = (await open(u, character.id)).conversation.id;
    const first = await send(u, character.id, 'First, as myself.', conv);
    expect((first.json() as ChatReply).userMessage).toMatchObject({ persona: account });

    const a = await persona(u, { name: 'Captain Ro' });
    expect((await choose(u, conv, a.id)).statusCode).toBe(200);
    const second = await send(u, character.id, 'Second, as Ro.', conv);
    expect((second.json() as ChatReply).userMessage).toMatchObject({ persona: { name: 'Captain Ro', avatarUrl: null } });

    const mine = (messages: ChatMessage[]) => messages.filter((m) => m.role === 'user').map((m) => [m.content, m.persona?.name]);
    const expected = [
      ['First, as myself.', u.user.username],
      ['Second, as Ro.', 'Captain Ro'],
    ];
    expect(mine((await session(u, character.id, conv)).messages)).toEqual(expected);
    const window = await t.app.inject({ url: `/api/conversations/${conv}/messages`, headers: u.auth });
    expect(mine((window.json() as MessageWindow).items)).toEqual(expected);
    const firstId = (await session(u, character.id, conv)).messages.find((m) => m.content === 'First, as myself.')!.id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${character.id}/message/${firstId}`,
      headers: u.auth,
      payload: { content: 'First, as myself (edited).' },
    });
    expect(edited.json()).toMatchObject({ persona: account });
  });

  it('the account name is a choice of its own while personas exist, kept per conversation and remembered (#46.6)', async () => {
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    const u = await buildUser(t);
    const character = await buildCharacter(t, owner, { greeting: 'Ahoy, {{user}}.' });
    const a = await persona(u, { name: 'Captain Ro' });
    const conv = (await open(u, character.id)).conversation.id;
    const asAccount = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv}/persona`,
      headers: u.auth,
      payload: { personaId: null, account: true },
    });
    expect(asAccount.statusCode, asAccount.body).toBe(200);
    expect(asAccount.json()).toMatchObject({ persona: null, source: 'none', userName: u.user.username });
    const sent = await send(u, character.id, 'As myself.', conv);
    expect((sent.json() as ChatReply).userMessage).toMatchObject({ persona: { name: u.user.username } });
    expect(lastSystemPrompt()).not.toContain('Captain Ro');
    // Remembered for the character: a new chat with it starts as the account too; the default persona elsewhere.
    const fresh = await t.app.inject({ method: 'POST', url: `/api/chat/${character.id}/conversations`, headers: u.auth });
    expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    const freshId =
      (fresh.json() as { conversation?: { id: string }; id?: string }).conversation?.id ?? (fresh.json() as { id: string }).id;
    const state = await t.app.inject({ url: `/api/conversations/${freshId}/persona`, headers: u.auth });
    expect(state.json()).toMatchObject({ persona: null, userName: u.user.username });
    // Choosing the persona again works as before.
    expect((await choose(u, conv, a.id)).json()).toMatchObject({ persona: { id: a.id }, userName: 'Captain Ro' });
  });

  it('in a group chat too', async () => {
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    const u = await buildUser(t);
    const members = [await buildCharacter(t, owner, { name: 'Ada' }), await buildCharacter(t, owner, { name: 'Bram' })];
    const a = await persona(u, { name: 'Captain Ro' });
    await t.deps.uow.repos.personas.update(a.id, { avatarUrl: ro.avatarUrl });
    const b = await persona(u, { name: 'Kit' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: u.auth,
      payload: { name: 'Harbour crew', characterIds: members.map((m) => m.id) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as GroupSession).group;
    const say = (content: string) =>
      t.app.inject({ method: 'POST', url: `/api/groups/${group.id}/message`, headers: u.auth, payload: { content } });

    await choose(u, group.conversationId, a.id);
    const first = await say('First, as Ro.');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as GroupReply).userMessage).toMatchObject({ persona: ro });
    await choose(u, group.conversationId, b.id);
    expect((await say('Second, as Kit.')).statusCode).toBe(200);

    const opened = (await t.app.inject({ url: `/api/groups/${group.id}`, headers: u.auth })).json() as GroupSession;
    expect(shown(opened.messages)).toEqual([
      ['user', 'First, as Ro.', ro],
      ['assistant', 'Aye.', null],
      ['user', 'Second, as Kit.', kit],
      ['assistant', 'Aye.', null],
    ]);
  });
});
