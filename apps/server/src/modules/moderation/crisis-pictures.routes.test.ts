// The crisis protocol reads a picture's request too (issue #44, docs/compliance.md "Crisis protocol"): a request on
// the image page or a "send me a picture" in a chat that says the person wants to die gets the same card as a chat
// message (the resources for their country), is counted like one, and is never refused for it: the picture is made.
// In a chat the request is a message of the conversation, so its card stays with it; on the image page the card is
// in the answer only (a job and its pictures may be shared; a card there would tell others).
import type { ChatPictureResponse, ChatSession, GenerateImageResponse, ImageJobResponse } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';
import { CRISIS_MESSAGE } from './crisis.service.ts';

let t: TestApp;
let peer: SdApiPeer;
let characterId: string;

const CRISIS = 'I want to kill myself. Draw me alone on the bridge at night.';
const CALM = 'A lighthouse on a cliff at sunset.';
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 50 });
  // The country header is believed from a trusted proxy hop only: the test's requests come through loopback.
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url, IMAGE_COST: '5', TRUST_PROXY: 'loopback' });
  const owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Mira Vale', greeting: '*Mira waves from the pier.* Hello.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const headers = (who: BuiltUser, country: string) => ({ ...who.auth, 'cf-ipcountry': country });
const generate = (who: BuiltUser, prompt: string, country: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/image-generation/generate',
    headers: headers(who, country),
    payload: { prompt, width: 512, height: 512, count: 1, visibility: 'private' },
  });
const chatPicture = (who: BuiltUser, conversationId: string, content: string, country: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/picture`,
    headers: headers(who, country),
    payload: { conversationId, content },
  });
const session = async (who: BuiltUser) =>
  (await t.app.inject({ url: `/api/chat/${characterId}`, headers: who.auth })).json() as ChatSession;

/** How many crisis referrals this year were counted for a country (the admin report's rows). */
async function counted(region: string): Promise<number> {
  await t.deps.background.drain();
  const rows = await t.deps.uow.repos.crisis.year(year);
  return rows.filter((r) => r.region === region).reduce((n, r) => n + r.count, 0);
}

async function waitDone(who: BuiltUser, jobId: string): Promise<ImageJobResponse> {
  for (let i = 0; i < 400; i++) {
    const r = (await t.app.inject({ url: `/api/image-generation/jobs/${jobId}`, headers: who.auth })).json() as ImageJobResponse;
    if (!['queued', 'running'].includes(r.job.status)) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('timed out');
}

describe('a picture request on the image page', () => {
  it('carries the card for the person’s country, is counted, and the picture is still made', async () => {
    const user = await buildUser(t, { coins: 50 });
    const before = await counted('GB');
    const res = await generate(user, CRISIS, 'GB');
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as GenerateImageResponse;
    expect(body.support?.region).toBe('GB');
    expect(body.support?.message).toBe(CRISIS_MESSAGE);
    expect(body.support?.resources.map((r) => r.name)).toContain('Samaritans');
    expect(await counted('GB')).toBe(before + 1);
    // Never blocked: the job runs and the picture is made as asked.
    const done = await waitDone(user, body.job.id);
    expect(done.job.status).toBe('done');
    expect(peer.txt2imgCalls().at(-1)!.prompt).toContain('alone on the bridge');
    // The job and its picture carry no card (they may be shared): the card was the answer's.
    expect(JSON.stringify(done)).not.toContain(CRISIS_MESSAGE);
  });

  it('has no card for an ordinary request, and the general list where the country has none', async () => {
    const user = await buildUser(t, { coins: 50 });
    const calm = (await generate(user, CALM, 'GB')).json() as GenerateImageResponse;
    expect(calm.support ?? null).toBeNull();
    const elsewhere = (await generate(user, CRISIS, 'PL')).json() as GenerateImageResponse;
    expect(elsewhere.support?.region).toBeNull();
    expect(elsewhere.support?.resources.map((r) => r.name)).toContain('Find A Helpline');
  });
});

describe('a picture request in a chat', () => {
  it('carries the card with the request’s message, keeps it after a reload, and is counted', async () => {
    const user = await buildUser(t, { coins: 50 });
    const conversationId = (await session(user)).conversation.id;
    const before = await counted('DE');
    const res = await chatPicture(user, conversationId, CRISIS, 'DE');
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as ChatPictureResponse;
    expect(body.userMessage?.support?.region).toBe('DE');
    expect(body.userMessage?.support?.message).toBe(CRISIS_MESSAGE);
    expect(body.message.support).toBeUndefined();
    expect(await counted('DE')).toBe(before + 1);
    expect((await waitDone(user, body.job.id)).job.status).toBe('done');

    const after = await session(user);
    expect(after.messages.find((m) => m.content === CRISIS)?.support).toEqual(body.userMessage?.support);
    expect(after.messages.filter((m) => m.support)).toHaveLength(1);
  });

  it('has no card for an ordinary request', async () => {
    const user = await buildUser(t, { coins: 50 });
    const conversationId = (await session(user)).conversation.id;
    const body = (await chatPicture(user, conversationId, 'Send me a picture of you at the harbour!', 'DE')).json() as ChatPictureResponse;
    expect(body.userMessage?.support).toBeUndefined();
  });
});
