// Image generation over HTTP against a local Automatic1111-speaking peer: the job life cycle (queue, progress, files),
// the cost (allowance, coins, 402) and its refund exactly once on failure and cancel, blocked prompts, the premium
// gate and the faster queue, and who may list, view, share, like, delete and use pictures.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CoinMovement, GenerateImageResponse, ImageItem, ImageJobResponse, ImagesPage } from '@reverie/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';
import { loadCatalog } from '../billing/catalog.ts';
import { chargeKey } from './jobs.service.ts';
import { characterSeed } from './prompt.ts';

let t: TestApp;
let peer: SdApiPeer;

/** One free image a month on the free plan, then 5 coins an image: allowance and charge in a few calls. */
async function catalogFile(): Promise<string> {
  const catalog = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-images-catalog-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({
      plans: catalog.plans.map((p) => (p.id === 'free' ? { ...p, permissions: { ...p.permissions, monthlyFreeImages: 1 } } : p)),
    }),
  );
  return file;
}

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 150 });
  // One job at a time, so the order jobs leave the queue is the order they reach the web UI.
  t = await createTestApp({
    IMAGES_PROVIDER: 'sdapi',
    IMAGES_URL: peer.url,
    BILLING_CATALOG_FILE: await catalogFile(),
    IMAGE_COST: '5',
    IMAGES_CONCURRENCY: '1',
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

const call = (u: BuiltUser | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u?.auth, ...(payload ? { payload } : {}) });

async function waitForJob(
  u: BuiltUser,
  jobId: string,
  until: (r: ImageJobResponse) => boolean = (r) => !['queued', 'running'].includes(r.job.status),
) {
  for (let i = 0; i < 400; i++) {
    const r = (await call(u, 'GET', `/api/image-generation/jobs/${jobId}`)).json() as ImageJobResponse;
    if (until(r)) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`job ${jobId} did not get there`);
}

const balance = (u: BuiltUser) => t.modules.billing.services.ledger.balance(u.user.id);
const ledgerOf = async (u: BuiltUser) =>
  (await t.modules.billing.services.ledger.history(u.user.id, 50)).map((e) => ({ delta: e.delta, reason: e.reason }));

describe('generating against an Automatic1111 web UI', () => {
  it('queues a job, reports progress, stores both files per picture, and charges the allowance first, then coins', async () => {
    const owner = await buildUser(t);
    const u = await buildUser(t, { coins: 20 });
    const character = await buildCharacter(t, owner, { name: 'Mira Vale', tags: ['female', 'long-hair', 'glasses', 'fantasy', 'sfw'] });
    const res = await call(u, 'POST', '/api/image-generation/generate', {
      prompt: 'reading by the window',
      negativePrompt: 'blurry',
      characterId: character.id,
      width: 512,
      height: 768,
      count: 2,
    });
    expect(res.statusCode).toBe(202);
    const body = res.json() as GenerateImageResponse;
    expect(body.job).toMatchObject({ count: 2, queue: 'standard' });
    expect(['queued', 'running']).toContain(body.job.status);
    expect(body.images.map((i) => [i.status, i.url, i.visibility])).toEqual([
      ['pending', null, 'private'],
      ['pending', null, 'private'],
    ]);
    // One from this month's allowance, the other 5 coins.
    expect(body.charge).toEqual({ free: 1, coins: 5, balance: 15 });

    const done = await waitForJob(u, body.job.id);
    expect(done.job).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(done.images.map((i) => i.status)).toEqual(['ready', 'ready']);
    const [first] = done.images as [ImageItem];
    expect(first).toMatchObject({ width: 512, height: 768, prompt: 'reading by the window', negativePrompt: 'blurry', nsfw: false });
    expect(first.thumbWidth).toBeLessThanOrEqual(384);
    expect(first.character).toMatchObject({ id: character.id, name: 'Mira Vale' });
    // The backend got the prompt with the character's look, the fixed seed of the character, and the batch.
    const sent = peer.txt2imgCalls().at(-1)!;
    expect(sent).toMatchObject({ negative_prompt: 'blurry', width: 512, height: 768, batch_size: 2, seed: characterSeed(character.id) });
    expect(sent.prompt).toMatch(/^reading by the window\. Mira Vale, woman, long hair, glasses/);
    expect(done.images.map((i) => i.seed)).toEqual([characterSeed(character.id), characterSeed(character.id) + 1]);

    // Private pictures come with signed links that work; the files are WebP, uncached by shared caches, nosniff.
    const file = await t.app.inject({ url: first.url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    });
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const download = await t.app.inject({ url: first.downloadUrl! });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="reverie-[0-9a-f]{8}\.webp"$/);
    expect(await balance(u)).toBe(15);
    expect(await ledgerOf(u)).toEqual([
      { delta: -5, reason: 'image' },
      { delta: 20, reason: 'test' },
    ]);
  });

  it('streams the job as server-sent events until it is done', async () => {
    const u = await buildUser(t, { coins: 10 });
    const { job } = (
      await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a lighthouse at dusk', count: 1 })
    ).json() as GenerateImageResponse;
    const res = await t.app.inject({
      url: `/api/image-generation/jobs/${job.id}/events`,
      headers: { ...u.auth, accept: 'text/event-stream' },
    });
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = res.body
      .split('\n\n')
      .filter((b) => b.startsWith('event: job'))
      .map((b) => JSON.parse(/^data: (.+)$/m.exec(b)![1]!) as ImageJobResponse);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)!.job.status).toBe('done');
    expect(events.at(-1)!.images[0]!.status).toBe('ready');
    // Without the event-stream header, the same endpoint answers the job as JSON.
    const plain = await call(u, 'GET', `/api/image-generation/jobs/${job.id}/events`);
    expect((plain.json() as ImageJobResponse).job.status).toBe('done');
  });

  it('answers 402 with the cost and balance when coins are short, and writes nothing', async () => {
    const u = await buildUser(t, { coins: 7 });
    // The free image of the month, then 5 coins, then 2 coins are not enough for 5.
    expect((await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a red fox', count: 2 })).statusCode).toBe(202);
    const res = await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a red fox', count: 2 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'PAYMENT_REQUIRED', details: { cost: 10, balance: 2 } });
    expect(res.json().error.message).toBe('Not enough coins: these 2 pictures cost 10 and your balance is 2.');
    expect(await balance(u)).toBe(2);
    expect((await t.deps.uow.repos.images.unfinishedJobs()).filter((j) => j.ownerId === u.user.id).length).toBeLessThanOrEqual(1);
  });

  it('refunds a failed job exactly once: coins back, the free image back, the reason shown', async () => {
    const u = await buildUser(t, { coins: 10 });
    peer.behave({ kind: 'http-error', status: 500, detail: 'CUDA out of memory' });
    try {
      const { job, charge } = (
        await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a storm at sea', count: 2 })
      ).json() as GenerateImageResponse;
      expect(charge).toEqual({ free: 1, coins: 5, balance: 5 });
      const failed = await waitForJob(u, job.id);
      expect(failed.job.status).toBe('failed');
      expect(failed.job.error).toBe('The image service answered 500: CUDA out of memory Nothing was charged.');
      expect(failed.images.map((i) => i.status)).toEqual(['failed', 'failed']);
      // Settling again (a late queue event, the reaper) changes nothing.
      expect(await t.modules.images.services.jobs.settle(job.id, 'failed', 'again')).toBe(false);
    } finally {
      peer.behave({ kind: 'ok', durationMs: 150 });
    }
    expect(await balance(u)).toBe(10);
    expect(await ledgerOf(u)).toEqual([
      { delta: 5, reason: 'allowance_refund' },
      { delta: -5, reason: 'image' },
      { delta: 10, reason: 'test' },
    ]);
    const status = (await call(u, 'GET', '/api/image-generation/status')).json();
    expect(status.cost).toEqual({ freeLeft: 1, costPerImage: 5, balance: 10 });
    // The coins page names the charge and shows the refund with a link to it.
    const { movements } = (await call(u, 'GET', '/api/coins/info')).json() as { movements: CoinMovement[] };
    const [refund, charge] = movements;
    expect(charge).toMatchObject({ delta: -5, label: 'Picture from the image generator', refundOf: null });
    expect(refund).toMatchObject({ delta: 5, label: 'Refund: the picture failed or was withheld', refundOf: charge!.id });
  });

  it('cancels a running job upstream and refunds it once; a second cancel is a conflict', async () => {
    const u = await buildUser(t, { coins: 10 });
    const free = (
      await call(u, 'POST', '/api/image-generation/generate', { prompt: 'use the free one', count: 1 })
    ).json() as GenerateImageResponse;
    await waitForJob(u, free.job.id);
    peer.behave({ kind: 'hold' });
    try {
      const { job } = (
        await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a slow cathedral', count: 1 })
      ).json() as GenerateImageResponse;
      await waitForJob(u, job.id, (r) => r.job.status === 'running');
      const interrupts = peer.interrupts;
      const cancel = await call(u, 'POST', `/api/image-generation/jobs/${job.id}/cancel`);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().job).toMatchObject({ status: 'cancelled', error: 'Cancelled. Nothing was charged.' });
      expect((await call(u, 'POST', `/api/image-generation/jobs/${job.id}/cancel`)).statusCode).toBe(409);
      // The worker notices at its next poll and stops the web UI.
      await expect.poll(() => peer.interrupts, { timeout: 5_000 }).toBeGreaterThan(interrupts);
      expect((await waitForJob(u, job.id)).images.map((i) => [i.status, i.url])).toEqual([['cancelled', null]]);
    } finally {
      peer.behave({ kind: 'ok', durationMs: 150 });
      peer.release();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await balance(u)).toBe(10);
    expect((await ledgerOf(u)).filter((e) => e.reason === 'allowance_refund')).toHaveLength(1);
  });

  it('refuses a blocked prompt with 422 naming the rule, before anything is charged or queued', async () => {
    const u = await buildUser(t, { coins: 10 });
    const calls = peer.txt2imgCalls().length;
    const res = await call(u, 'POST', '/api/image-generation/generate', { prompt: 'a 12 year old girl, nude' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'CONTENT_BLOCKED', details: { rule: 'minors-sexual', field: 'prompt' } });
    expect(await balance(u)).toBe(10);
    expect(peer.txt2imgCalls().length).toBe(calls);
    // Bounded input: a fifth picture, an odd size, control characters.
    for (const bad of [{ prompt: 'x', count: 5 }, { prompt: 'x', width: 500 }, { prompt: 'bad\u0000text' }]) {
      expect((await call(u, 'POST', '/api/image-generation/generate', bad)).statusCode).toBe(400);
    }
  });

  it('keeps premium characters for members, and runs members’ jobs in the faster queue', async () => {
    const creator = await buildUser(t);
    const premium = await buildCharacter(t, creator, { premium: true });
    const free = await buildUser(t, { coins: 50 });
    const denied = await call(free, 'POST', '/api/image-generation/generate', { prompt: 'portrait', characterId: premium.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('MEMBERSHIP_REQUIRED');
    // The creator may picture their own premium character.
    const own = await call(creator, 'POST', '/api/image-generation/generate', { prompt: 'portrait', characterId: premium.id });
    expect(own.statusCode).toBe(202);
    await waitForJob(creator, own.json().job.id);

    const member = await buildUser(t);
    const sub = await call(member, 'POST', '/api/payments/subscribe', {
      planId: 'premium',
      billingPeriod: 'monthly',
      paymentMethodId: 'pm_card_visa',
    });
    expect(sub.json().status).toBe('succeeded');
    // The plan's own allowance (50 free images a month) and queue, decided on the server.
    expect((await call(member, 'GET', '/api/image-generation/status')).json()).toMatchObject({
      imageQueue: 'fast',
      cost: { freeLeft: 50 },
    });
    expect((await call(free, 'GET', '/api/image-generation/status')).json()).toMatchObject({
      imageQueue: 'standard',
      cost: { freeLeft: 1 },
    });
    // With the worker paused, a member's job queued after a standard one still goes first.
    await t.modules.images.services.workers.stop();
    try {
      const standard = (
        await call(free, 'POST', '/api/image-generation/generate', { prompt: 'standard one' })
      ).json() as GenerateImageResponse;
      const fast = (await call(member, 'POST', '/api/image-generation/generate', { prompt: 'member one' })).json() as GenerateImageResponse;
      expect([standard.job.queue, fast.job.queue]).toEqual(['standard', 'fast']);
      expect(fast.job.position).toBe(1);
      expect((await call(free, 'GET', `/api/image-generation/jobs/${standard.job.id}`)).json().job.position).toBe(2);
      t.modules.images.services.workers.start();
      await waitForJob(free, standard.job.id);
      const order = peer.txt2imgCalls().map((c) => String(c.prompt));
      expect(order.indexOf('member one')).toBeGreaterThan(-1);
      expect(order.indexOf('member one')).toBeLessThan(order.indexOf('standard one'));
    } finally {
      t.modules.images.services.workers.start();
    }
  });
});

describe('galleries, sharing and permissions', () => {
  let alice: BuiltUser;
  let bob: BuiltUser;
  let image: ImageItem;
  let characterId: string;

  beforeAll(async () => {
    bob = await buildUser(t, { coins: 50 });
  });

  // Each test its own owner, character and private picture: a test that shares, makes an avatar of or deletes it
  // leaves the next one's picture as it was made, whatever order they run in.
  beforeEach(async () => {
    alice = await buildUser(t, { coins: 50 });
    characterId = (await buildCharacter(t, alice, { name: 'Aster' })).id;
    const { job } = (
      await call(alice, 'POST', '/api/image-generation/generate', { prompt: 'a quiet harbour', characterId })
    ).json() as GenerateImageResponse;
    image = (await waitForJob(alice, job.id)).images[0]!;
  });

  it("lists your own pictures to you, and never others' private ones", async () => {
    const mine = (await call(alice, 'GET', `/api/images?userId=${alice.user.id}`)).json() as ImagesPage;
    expect(mine.items.map((i) => i.id)).toContain(image.id);
    expect(mine.items.find((i) => i.id === image.id)).toMatchObject({ isOwner: true, visibility: 'private' });
    // The community list (no user or character named) is what is shared: not even the owner's private ones.
    const community = (await call(alice, 'GET', '/api/images?limit=50')).json() as ImagesPage;
    expect(community.items.map((i) => i.id)).not.toContain(image.id);
    expect(community.items.every((i) => i.visibility === 'public')).toBe(true);
    for (const viewer of [bob, undefined]) {
      const theirs = (await call(viewer, 'GET', `/api/images?userId=${alice.user.id}`)).json() as ImagesPage;
      expect(theirs.items.map((i) => i.id)).not.toContain(image.id);
      const all = (await call(viewer, 'GET', '/api/images?limit=50')).json() as ImagesPage;
      expect(all.items.map((i) => i.id)).not.toContain(image.id);
      expect((await call(viewer, 'GET', `/api/images/${image.id}`)).statusCode).toBe(404);
    }
    // The job behind it is the owner's alone too.
    for (const url of [`/api/image-generation/jobs/${image.jobId}`, `/api/image-generation/jobs/${image.jobId}/events`]) {
      expect((await call(bob, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(bob, 'POST', `/api/image-generation/jobs/${image.jobId}/cancel`)).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/api/image-generation/jobs/${image.jobId}/cancel`)).statusCode).toBe(409);
    // The character filter of your own gallery.
    const filtered = (await call(alice, 'GET', `/api/images?userId=${alice.user.id}&characterId=${characterId}`)).json() as ImagesPage;
    expect(filtered.items.map((i) => i.id)).toEqual([image.id]);
    expect((await call(alice, 'GET', `/api/images?userId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('serves a private file only to its owner or through its own signed link', async () => {
    const thumb = image.thumbnailUrl!;
    const bare = thumb.split('?')[0]!;
    expect((await t.app.inject({ url: bare })).statusCode).toBe(404);
    expect((await t.app.inject({ url: bare, headers: bob.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: bare, headers: alice.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: thumb.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: thumb.replace(/exp=\d+/, 'exp=1000') })).statusCode).toBe(404);
    // Another image's signature does not open this one.
    const other = (await call(alice, 'POST', '/api/image-generation/generate', { prompt: 'second' })).json() as GenerateImageResponse;
    const otherImage = (await waitForJob(alice, other.job.id)).images[0]!;
    const sig = /sig=([^&]+)/.exec(otherImage.thumbnailUrl!)![1];
    expect((await t.app.inject({ url: thumb.replace(/sig=[^&]+/, `sig=${sig}`) })).statusCode).toBe(404);
  });

  it('stores files under server-made keys, never through /media, and refuses paths that are not ids', async () => {
    const row = (await t.deps.uow.repos.images.find(image.id))!;
    expect(row.fileKey).toBe(`images/${alice.user.id}/${image.id}/full.webp`);
    expect(row.thumbKey).toBe(`images/${alice.user.id}/${image.id}/thumb.webp`);
    expect(await t.deps.storage.exists(row.fileKey!)).toBe(true);
    for (const url of [
      `/media/${row.fileKey}`,
      `/media/%69mages/${alice.user.id}/${image.id}/full.webp`,
      `/media//images/${alice.user.id}/${image.id}/thumb.webp`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
    for (const url of ['/api/images/..%2F..%2Fsecrets%2Fjwt.key/full.webp', '/api/images/not-an-id/thumb.webp']) {
      expect([400, 404]).toContain((await t.app.inject({ url, headers: alice.auth })).statusCode);
    }
  });

  it('shares a picture: listed everywhere, open without a signature, liked by others, picked for the showcase by admins', async () => {
    expect((await call(bob, 'PATCH', `/api/images/${image.id}`, { visibility: 'public' })).statusCode).toBe(404);
    const shared = await call(alice, 'PATCH', `/api/images/${image.id}`, { visibility: 'public' });
    expect(shared.json()).toMatchObject({ visibility: 'public' });
    expect(shared.json().url).toBe(`/api/images/${image.id}/full.webp`);
    const file = await t.app.inject({ url: `/api/images/${image.id}/thumb.webp` });
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    for (const viewer of [bob, undefined]) {
      expect(((await call(viewer, 'GET', '/api/images?limit=50')).json() as ImagesPage).items.map((i) => i.id)).toContain(image.id);
      expect(((await call(viewer, 'GET', `/api/images?characterId=${characterId}`)).json() as ImagesPage).items.map((i) => i.id)).toEqual([
        image.id,
      ]);
    }
    expect((await call(bob, 'POST', `/api/images/${image.id}/like`)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call(bob, 'POST', `/api/images/${image.id}/like`)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call(bob, 'GET', `/api/images/${image.id}`)).json()).toMatchObject({ liked: true, likes: 1, isOwner: false });
    // One like is not enough for the showcase; a pick by the team is.
    const showcase = async () =>
      ((await call(undefined, 'GET', '/api/images/showcase?limit=50')).json() as ImagesPage).items.map((i) => i.id);
    expect(await showcase()).not.toContain(image.id);
    expect((await call(bob, 'PUT', `/api/images/${image.id}/showcase`, { showcase: true })).statusCode).toBe(403);
    const admin = await buildUser(t);
    await t.deps.uow.repos.users.update(admin.user.id, { role: 'admin' });
    const session = await t.modules.auth.services.sessions.start((await t.deps.uow.repos.users.findById(admin.user.id))!);
    const picked = await t.app.inject({
      method: 'PUT',
      url: `/api/images/${image.id}/showcase`,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { showcase: true },
    });
    expect(picked.statusCode).toBe(200);
    expect(await showcase()).toContain(image.id);
    expect((await call(bob, 'DELETE', `/api/images/${image.id}/like`)).json()).toEqual({ liked: false, likes: 0 });
  });

  it("makes a picture its character's avatar for the character's owner only", async () => {
    const before = (await t.deps.uow.repos.characters.findById(characterId))!;
    const bobsCharacter = await buildCharacter(t, bob, { name: 'Not Alice’s' });
    // Bob's character is public: writing to it is refused as forbidden (a private one would be not found).
    expect((await call(alice, 'POST', `/api/images/${image.id}/avatar`, { characterId: bobsCharacter.id })).statusCode).toBe(403);
    expect((await call(bob, 'POST', `/api/images/${image.id}/avatar`, { characterId: bobsCharacter.id })).statusCode).toBe(404);
    const res = await call(alice, 'POST', `/api/images/${image.id}/avatar`, {});
    expect(res.statusCode).toBe(200);
    const { character } = res.json();
    expect(character.id).toBe(characterId);
    expect(character.avatarUrl).toMatch(/^\/media\/characters\/[0-9a-f-]+\/[0-9a-f]{24}\.webp$/);
    expect(character.avatarUrl).not.toBe(before.avatarUrl);
    const portrait = await t.app.inject({ url: character.avatarUrl });
    expect(portrait.statusCode).toBe(200);
    const sharp = (await import('sharp')).default;
    // The picture at its own size: not cropped or scaled.
    const source = await sharp((await t.app.inject({ url: image.url! })).rawPayload).metadata();
    expect(await sharp(portrait.rawPayload).metadata()).toMatchObject({ width: source.width, height: source.height, format: 'webp' });
    expect(await sharp((await t.app.inject({ url: character.thumbnailUrl })).rawPayload).metadata()).toMatchObject({
      width: 384,
      height: 384,
    });
    // Setting another replaces the files: the previous ones are gone.
    const again = (await call(alice, 'POST', `/api/images/${image.id}/avatar`, {})).json();
    expect((await t.app.inject({ url: character.avatarUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: again.character.avatarUrl })).statusCode).toBe(200);
  });

  it('deletes a picture for its owner only, with its files', async () => {
    const row = (await t.deps.uow.repos.images.find(image.id))!;
    expect((await call(bob, 'DELETE', `/api/images/${image.id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'DELETE', `/api/images/${image.id}`)).statusCode).toBe(401);
    const res = await call(alice, 'DELETE', `/api/images/${image.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Image deleted' });
    expect(await t.deps.storage.exists(row.fileKey!)).toBe(false);
    expect(await t.deps.storage.exists(row.thumbKey!)).toBe(false);
    expect((await t.app.inject({ url: `/api/images/${image.id}/full.webp`, headers: alice.auth })).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/images/${image.id}`)).statusCode).toBe(404);
  });

  it('lists the backend’s models and says what the next picture costs', async () => {
    expect((await call(undefined, 'GET', '/api/images/models')).json()).toEqual({
      data: [
        { id: 'reverie-peer-v1.safetensors [0000aaaa]', name: 'reverie-peer-v1' },
        { id: 'reverie-peer-anime.safetensors [0000bbbb]', name: 'reverie-peer-anime' },
      ],
    });
    const status = (await call(alice, 'GET', `/api/image-generation/status?characterId=${characterId}`)).json();
    expect(status.provider).toMatchObject({ kind: 'sdapi', configured: true, ready: true, message: null });
    expect(status.cost.costPerImage).toBe(5);
    expect(status.suggestions[0]).toBe('Aster, portrait, soft window light');
    expect((await call(undefined, 'GET', '/api/image-generation/status')).json().cost).toBeNull();
  });

  it('makes a tiny uncharged test picture for /test', async () => {
    const before = await balance(alice);
    const res = await call(alice, 'POST', '/api/image-generation/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'sdapi', width: 64, height: 64 });
    expect(res.json().image).toMatch(/^data:image\/webp;base64,/);
    expect(await balance(alice)).toBe(before);
  });
});

describe('after a restart (in-process queue)', () => {
  it('puts jobs the queue lost back in line, and ends jobs stuck far too long with one refund', async () => {
    const u = await buildUser(t, { coins: 20 });
    const { images } = t.deps.uow.repos;
    const { entitlements } = t.modules.billing.services;
    // What a process that died would leave: a charged job marked running that no queue holds, and an older one.
    const orphan = async (prompt: string, createdAt: Date) => {
      const job = await images.insertJob({
        ownerId: u.user.id,
        kind: 'generate',
        status: 'running',
        attempts: 1,
        prompt,
        fullPrompt: prompt,
        width: 512,
        height: 512,
        steps: 4,
        seed: 7,
        count: 1,
        createdAt,
      });
      await images.insertImages([{ ownerId: u.user.id, jobId: job.id, position: 0, source: 'generated', prompt, width: 512, height: 512 }]);
      await entitlements.consumeImageAllowanceOrCharge(u.user.id, chargeKey(job.id, 0));
      return job;
    };
    const lost = await orphan('lost in a restart', new Date());
    const stuck = await orphan('stuck for hours', new Date(Date.now() - 2 * 3_600_000));
    const before = await balance(u);
    const { jobs } = t.modules.images.services;
    expect(await jobs.recover()).toMatchObject({ requeued: 1, reaped: 1 });
    const rerun = await waitForJob(u, lost.id);
    expect(rerun.job.status).toBe('done');
    expect((await images.job(lost.id))!.attempts).toBe(2);
    const reaped = await waitForJob(u, stuck.id);
    expect(reaped.job).toMatchObject({ status: 'failed', error: 'The picture took far too long and was given up. Nothing was charged.' });
    expect(await balance(u)).toBe(before + 5);
    expect(await jobs.recover()).toMatchObject({ requeued: 0, reaped: 0 });
    expect(await balance(u)).toBe(before + 5);
  });
});
