// "Your picture is ready" while you were away, through the routes against a local Automatic1111-speaking peer: a
// job that ends when its owner has not looked at it for IMAGES_AWAY_SECONDS becomes a notification — done or failed —
// while one its owner keeps polling, or cancels, does not. The announcer's clock is moved forward, not waited for.
import type { GenerateImageResponse, Notification, NotificationsPage } from '@reverie/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';

let t: TestApp;
let peer: SdApiPeer;

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'hold' });
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url, IMAGES_CONCURRENCY: '1', IMAGES_AWAY_SECONDS: '60' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

// Every test starts at the real time: a clock moved by one test must not make the next one's owner look away.
beforeEach(() => t.modules.images.services.clock.set(new Date()));

/** The owner stays away past IMAGES_AWAY_SECONDS. */
const goAway = () => t.modules.images.services.clock.advance(120_000);

async function generate(u: BuiltUser, characterId?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/image-generation/generate',
    headers: u.auth,
    payload: { prompt: 'lanterns over a night market', ...(characterId ? { characterId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as GenerateImageResponse).job.id;
}

/** Resolves once the job has ended and whatever its end started (the announcement) has run. */
function ended(jobId: string): Promise<string> {
  return new Promise((resolve) => {
    const off = t.modules.images.services.jobs.onJobFinished((e) => {
      if (e.jobId !== jobId) return;
      off();
      void t.deps.background.drain().then(() => resolve(e.status));
    });
  });
}

/** Waits until the worker has the job at the peer (held there). */
async function atPeer(jobId: string, callsBefore: number) {
  await expect.poll(async () => (await t.deps.uow.repos.images.job(jobId))?.status, { timeout: 10_000 }).toBe('running');
  await expect.poll(() => peer.txt2imgCalls().length, { timeout: 10_000 }).toBeGreaterThan(callsBefore);
}

const imageNotes = async (u: BuiltUser): Promise<Notification[]> =>
  ((await t.app.inject({ url: '/api/notifications', headers: u.auth })).json() as NotificationsPage).items.filter(
    (n) => n.kind === 'image_ready',
  );

describe('an image job that ends while its owner is away', () => {
  it('is announced when it is done: how many pictures, of whom, and a link to them', async () => {
    const u = await buildUser(t, { coins: 50 });
    const c = await buildCharacter(t, u, { name: 'Nyx Hollow' });
    const calls = peer.txt2imgCalls().length;
    const jobId = await generate(u, c.id);
    const done = ended(jobId);
    await atPeer(jobId, calls);
    goAway(); // nobody looks
    peer.release();
    expect(await done).toBe('done');
    const notes = await imageNotes(u);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Your image of Nyx Hollow is ready', link: `/user-gallery/character/${c.id}`, read: false });
    // Announced once, however often it is heard.
    const event = { jobId, ownerId: u.user.id, status: 'done' as const, imageIds: ['x'], conversationId: null, error: null };
    expect(await t.modules.images.services.announcer.announce(event)).toBe(false);
  });

  it('is announced when it failed, with the reason and that nothing was charged', async () => {
    const u = await buildUser(t, { coins: 50 });
    const calls = peer.txt2imgCalls().length;
    const jobId = await generate(u);
    const done = ended(jobId);
    await atPeer(jobId, calls);
    goAway();
    // The web UI is interrupted: it answers with no picture, and the job fails.
    await fetch(`${peer.url}/sdapi/v1/interrupt`, { method: 'POST' });
    expect(await done).toBe('failed');
    const [note, ...more] = await imageNotes(u);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ title: 'Your picture could not be made', link: '/generate-images' });
    expect(note!.body).toMatch(/Nothing was charged/);
  });
});

describe('an image job its owner is watching', () => {
  it('is not announced while the page keeps polling it until it is done', async () => {
    const u = await buildUser(t, { coins: 50 });
    const calls = peer.txt2imgCalls().length;
    const jobId = await generate(u);
    const done = ended(jobId);
    await atPeer(jobId, calls);
    const poll = async () => {
      const res = await t.app.inject({ url: `/api/image-generation/jobs/${jobId}`, headers: u.auth });
      expect(res.statusCode).toBe(200);
    };
    let finished = false;
    void done.then(() => (finished = true));
    // As the page does: it keeps polling, for longer than IMAGES_AWAY_SECONDS, until the job has ended.
    for (let i = 0; i < 8; i++) {
      await poll();
      goAway();
    }
    await poll();
    peer.release();
    await expect.poll(async () => (await poll(), finished), { interval: 100, timeout: 15_000 }).toBe(true);
    expect(await done).toBe('done');
    expect(await imageNotes(u)).toEqual([]);
  });

  it('is not announced when its owner cancels it', async () => {
    const u = await buildUser(t, { coins: 50 });
    const calls = peer.txt2imgCalls().length;
    const jobId = await generate(u);
    const done = ended(jobId);
    await atPeer(jobId, calls);
    goAway();
    const cancel = await t.app.inject({ method: 'POST', url: `/api/image-generation/jobs/${jobId}/cancel`, headers: u.auth });
    expect(cancel.statusCode).toBe(200);
    peer.release();
    expect(await done).toBe('cancelled');
    expect(await imageNotes(u)).toEqual([]);
  });
});
