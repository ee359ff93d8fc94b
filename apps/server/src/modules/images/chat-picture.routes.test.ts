// "Send me a picture" in a chat: the request and the character's picture message are saved together with a charge,
// the prompt comes from the character and the scene, the picture lands in the chat and in the gallery, and every
// refusal (someone else's conversation, blocked text, no coins) leaves the conversation untouched.
import type { ChatPictureResponse, ChatSession, ImageJobResponse, ImagesPage } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';

let t: TestApp;
let peer: SdApiPeer;
let owner: BuiltUser;
let characterId: string;

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 100 });
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url, IMAGE_COST: '5' });
  owner = await buildUser(t);
  characterId = (
    await buildCharacter(t, owner, {
      name: 'Mira Vale',
      tags: ['female', 'long-hair', 'fantasy', 'sfw'],
      greeting: '*Mira leans on the ship’s rail, watching the gulls.* Hello there.',
    })
  ).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function session(u: BuiltUser): Promise<ChatSession> {
  return (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
}

const ask = (u: BuiltUser, conversationId: string, content?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/picture`,
    headers: u.auth,
    payload: { conversationId, ...(content ? { content } : {}) },
  });

async function waitDone(u: BuiltUser, jobId: string): Promise<ImageJobResponse> {
  for (let i = 0; i < 400; i++) {
    const r = (await t.app.inject({ url: `/api/image-generation/jobs/${jobId}`, headers: u.auth })).json() as ImageJobResponse;
    if (!['queued', 'running'].includes(r.job.status)) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('timed out');
}

describe('pictures in a chat', () => {
  it('saves the request and a picture message, makes the picture of the character in the scene asked for, and keeps it in the gallery', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await session(u);
    const res = await ask(u, s.conversation.id, 'Send me a picture of you at the harbour!');
    expect(res.statusCode).toBe(202);
    const body = res.json() as ChatPictureResponse;
    expect(body.userMessage).toMatchObject({ role: 'user', content: 'Send me a picture of you at the harbour!', picture: null });
    expect(body.message).toMatchObject({ role: 'assistant', content: '*Mira Vale sends you a picture.*', picture: { jobId: body.job.id } });
    expect(body.images).toHaveLength(1);
    expect(body.charge.free + body.charge.coins).toBeGreaterThan(0);
    const done = await waitDone(u, body.job.id);
    const sent = peer.txt2imgCalls().at(-1)!;
    expect(sent.prompt).toMatch(/^A photo of Mira Vale, at the harbour\. Mira Vale, woman, long hair/);
    expect(sent).toMatchObject({ width: 512, height: 768, batch_size: 1 });
    expect(done.images[0]).toMatchObject({ status: 'ready', source: 'chat', visibility: 'private', character: { id: characterId } });
    // The conversation now ends with both messages; the picture message points at its job.
    const after = await session(u);
    expect(after.messages.slice(-2).map((m) => [m.role, m.picture?.jobId ?? null])).toEqual([
      ['user', null],
      ['assistant', body.job.id],
    ]);
    const gallery = (
      await t.app.inject({ url: `/api/images?userId=${u.user.id}&characterId=${characterId}`, headers: u.auth })
    ).json() as ImagesPage;
    expect(gallery.items.map((i) => i.id)).toEqual([done.images[0]!.id]);
  });

  it('takes the scene from the last messages when the button asks without words', async () => {
    const u = await buildUser(t, { coins: 20 });
    const s = await session(u);
    const res = await ask(u, s.conversation.id);
    expect(res.statusCode).toBe(202);
    expect((res.json() as ChatPictureResponse).userMessage).toBeNull();
    await waitDone(u, (res.json() as ChatPictureResponse).job.id);
    expect(peer.txt2imgCalls().at(-1)!.prompt).toMatch(/^A photo of Mira Vale, Mira leans on the ship’s rail, watching the gulls\./);
  });

  it('refuses someone else’s conversation, blocked words and a short balance, and saves nothing then', async () => {
    const alice = await buildUser(t, { coins: 20 });
    const bob = await buildUser(t, { coins: 20 });
    const conv = (await session(alice)).conversation.id;
    expect((await ask(bob, conv, 'send me a picture')).statusCode).toBe(404);
    const blocked = await ask(alice, conv, 'send me a picture of you as a 12 year old, naked');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.code).toBe('CONTENT_BLOCKED');
    // Use up the monthly allowance and the coins, then ask once more.
    const poor = await buildUser(t, { coins: 4 });
    const pc = (await session(poor)).conversation.id;
    for (;;) {
      const r = await ask(poor, pc);
      if (r.statusCode === 402) {
        expect(r.json().error.details).toEqual({ cost: 5, balance: 4 });
        break;
      }
      expect(r.statusCode).toBe(202);
      await waitDone(poor, (r.json() as ChatPictureResponse).job.id);
    }
    const messages = (await session(poor)).messages;
    expect(messages.filter((m) => m.picture).length).toBe(5); // the free plan's five a month
    expect((await session(alice)).messages).toHaveLength(1); // still only the greeting
  });
});
