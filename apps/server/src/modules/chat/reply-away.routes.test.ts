// A reply goes on when its page is left (#43: "a reply finished while the app was closed"): it is written to the end,
// saved unread, and the user is told (the bell, a push). The user's Stop is a request of its own, which reaches the
// process writing the reply: here, and on PostgreSQL + Redis in another process.
import type { ChatSession, NotificationsPage } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { OpenAiPeer } from '../../../test/openai-peer.ts';
import { peerChatApp, type PeerApp } from '../../../test/peer-app.ts';

const SHARED = (process.env.DATABASE_URL?.startsWith('postgres') ?? false) && !!process.env.REDIS_URL;

/** A test app on a loopback model peer (test/peer-app.ts), listening on a port: the streams are real HTTP. */
async function listening(env: Record<string, string> = {}): Promise<PeerApp & { base: string }> {
  const app = await peerChatApp('reply-away', { chatMessage: 2, dailyFreeMessages: 0 }, { CHAT_IN_FLIGHT_PER_USER: '10', ...env });
  await app.t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...app, base: `http://127.0.0.1:${(app.t.app.server.address() as { port: number }).port}` };
}

const stopReply = (base: string, u: BuiltUser, replyId: string) =>
  fetch(`${base}/api/chat/replies/${replyId}/stop`, { method: 'POST', headers: u.auth });

describe('a reply whose page was left, and Stop', () => {
  let app: PeerApp & { base: string };
  let peer: OpenAiPeer;
  let t: TestApp;
  let base: string;
  let characterId: string;

  beforeAll(async () => {
    app = await listening();
    ({ peer, t, base } = app);
    characterId = (await buildCharacter(t, await buildUser(t), { name: 'Steady Person' })).id;
  });
  afterAll(async () => app?.close());

  const session = async (u: BuiltUser) => (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
  const bell = async (u: BuiltUser) => (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json() as NotificationsPage;

  it('is written to the end once its page is closed, saved unread, and the bell says it is there', async () => {
    const u = await buildUser(t, { coins: 10 });
    let release!: () => void;
    peer.behave({ kind: 'gated', first: 'Once', release: new Promise<void>((r) => (release = r)), rest: [' upon', ' a time.'] });
    const stream = await openEventStream(`${base}/api/chat/${characterId}/message`, u.accessToken, { content: 'Tell me a story.' });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'token');
    stream.close();
    // The server has seen the client go before the model goes on (and "unread" needs the reply a second after the
    // message, which marked the conversation read).
    await new Promise((r) => setTimeout(r, 1200));
    release();
    // Saved unread: the list says so until the chat is opened (which reads it).
    type Listed = { items: Array<{ id: string; unread: boolean; lastMessage: { content: string } | null }> };
    const listed = async () => ((await t.app.inject({ url: '/api/conversations', headers: u.auth })).json() as Listed).items[0];
    await expect.poll(async () => (await listed())?.lastMessage?.content, { timeout: 5000 }).toBe('Once upon a time.');
    expect((await listed())!.unread).toBe(true);
    const s = await session(u);
    expect(s.messages.at(-1)).toMatchObject({ content: 'Once upon a time.', status: 'complete' });
    expect(s.cost.balance).toBe(8);
    const ready = (await bell(u)).items.filter((n) => n.kind === 'reply_ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({
      title: 'Steady Person replied',
      body: 'Once upon a time.',
      link: `/chat/${characterId}?conversation=${s.conversation.id}`,
      read: false,
    });
  });

  it('tells nobody about a reply read to its end', async () => {
    const u = await buildUser(t, { coins: 10 });
    peer.behave({ kind: 'reply', parts: ['Hello', ' there.'] });
    const stream = await openEventStream(`${base}/api/chat/${characterId}/message`, u.accessToken, { content: 'Hi.' });
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('done');
    expect((await bell(u)).items.filter((n) => n.kind === 'reply_ready')).toHaveLength(0);
  });

  it('Stop ends the reply with its words saved, closes the model request within a second, and is the owner’s alone', async () => {
    const u = await buildUser(t, { coins: 10 });
    const other = await buildUser(t);
    peer.behave({ kind: 'endless', everyMs: 40 });
    const stream = await openEventStream(`${base}/api/chat/${characterId}/message`, u.accessToken, { content: 'Go on and on.' });
    const replyId = (await stream.next((e) => e.event === 'start')).data.replyId as string;
    await stream.next((e) => e.event === 'token');
    const upstream = peer.requests.at(-1)!;
    // Another user's stop, and a reply that does not exist, are the same 404; the reply goes on.
    for (const [who, id] of [
      [other, replyId],
      [u, crypto.randomUUID()],
    ] as const) {
      const res = await stopReply(base, who, id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('That reply is not being written any more.');
    }
    expect(upstream.closedAt).toBeUndefined();
    const stoppedAt = performance.now();
    const res = await stopReply(base, u, replyId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ stopped: true });
    await expect.poll(() => upstream.closedAt, { timeout: 2000 }).toBeDefined();
    expect(upstream.closedAt! - stoppedAt).toBeLessThan(1000);
    // The stream ends as a stop always ended it: the words so far, saved as incomplete (and charged: it had words).
    const done = await stream.next((e) => e.event === 'done');
    expect((done.data.message as { status: string; content: string }).status).toBe('incomplete');
    expect((await session(u)).messages.at(-1)).toMatchObject({ id: replyId, status: 'incomplete' });
    expect((await session(u)).cost.balance).toBe(8);
    expect((await stopReply(base, u, replyId)).status).toBe(404);
    expect((await bell(u)).items.filter((n) => n.kind === 'reply_ready')).toHaveLength(0);
  });
  it('in a group chat too: a reply whose page was left names its speaker and opens the group; Stop ends the next', async () => {
    const u = await buildUser(t, { coins: 10 });
    const second = (await buildCharacter(t, await buildUser(t), { name: 'Second Voice' })).id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: u.auth,
      payload: { name: 'Harbour crew', characterIds: [characterId, second] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = (created.json() as { group: { id: string } }).group.id;
    let release!: () => void;
    peer.behave({ kind: 'gated', first: 'Rain', release: new Promise<void>((r) => (release = r)), rest: [' again.'] });
    const left = await openEventStream(`${base}/api/groups/${groupId}/message`, u.accessToken, { content: 'Weather?' });
    await left.next((e) => e.event === 'token');
    left.close();
    await new Promise((r) => setTimeout(r, 300));
    release();
    await expect.poll(async () => (await bell(u)).items.filter((n) => n.kind === 'reply_ready').length, { timeout: 5000 }).toBe(1);
    expect((await bell(u)).items[0]).toMatchObject({ title: 'Steady Person replied in your group chat', link: `/group/${groupId}` });

    peer.behave({ kind: 'endless', everyMs: 40 });
    const stream = await openEventStream(`${base}/api/groups/${groupId}/message`, u.accessToken, { content: 'And now?' });
    const replyId = (await stream.next((e) => e.event === 'start')).data.replyId as string;
    await stream.next((e) => e.event === 'token');
    expect((await stopReply(base, u, replyId)).status).toBe(200);
    const done = await stream.next((e) => e.event === 'done');
    expect((done.data.message as { status: string }).status).toBe('incomplete');
  });
});

describe.runIf(SHARED)('Stop reaches the process writing the reply (PostgreSQL + Redis)', () => {
  let a: PeerApp & { base: string };
  let b: PeerApp & { base: string };

  beforeAll(async () => {
    a = await listening();
    // A second process on the same database, Redis prefix and keys (its own model peer: A writes the reply).
    b = await listening({
      DATABASE_URL: (a.t.config.database as { url: string }).url,
      DATA_DIR: a.t.config.dataDir,
      REDIS_PREFIX: a.t.config.redisPrefix,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a stop answered by another process stops the reply where it is written', async () => {
    const u = await buildUser(a.t, { coins: 10 });
    const characterId = (await buildCharacter(a.t, u, { name: 'Far Away' })).id;
    const { peer } = a;
    peer.behave({ kind: 'endless', everyMs: 40 });
    const stream = await openEventStream(`${a.base}/api/chat/${characterId}/message`, u.accessToken, { content: 'Go on.' });
    const replyId = (await stream.next((e) => e.event === 'start')).data.replyId as string;
    await stream.next((e) => e.event === 'token');
    const upstream = peer.requests.at(-1)!;
    const res = await stopReply(b.base, u, replyId);
    expect(res.status).toBe(200);
    await expect.poll(() => upstream.closedAt, { timeout: 2000 }).toBeDefined();
    const done = await stream.next((e) => e.event === 'done');
    expect((done.data.message as { status: string }).status).toBe('incomplete');
  });
});
