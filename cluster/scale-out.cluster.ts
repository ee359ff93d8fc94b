// N processes behave as one: two real server processes, started at the same moment on a fresh PostgreSQL database
// and one Redis, behind nginx. Everything is checked through the proxy, or by writing on one process and reading on
// the other. The tests run in order on one cluster; the last one kills a process with SIGKILL mid-traffic.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { api } from '@reverie/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { repoRoot } from '../e2e/server-process.ts';
import { balance, buyCoins, createCharacter, signUp, within, type Person } from './actors.ts';
import { callThroughNginx, startCallSpeech } from './calls.ts';
import { Client, request } from './client.ts';
import { missingPrerequisite, startCluster, type Cluster } from './cluster.ts';
import { killMidTraffic } from './kill.ts';
import { throughputLine } from './throughput.ts';

const missing = await missingPrerequisite();
if (missing) {
  if (process.env.CI) throw new Error(`cluster tier cannot run: ${missing}`);
  console.warn(`\n!! CLUSTER TIER SKIPPED: ${missing}. With CI set, this fails the run instead.\n`);
}

let speech: SpeechPeer | undefined;
let c: Cluster;
beforeAll(async () => {
  if (missing) return;
  const calls = await startCallSpeech();
  speech = calls.speech;
  c = await startCluster({ env: calls.env });
}, 240_000);
afterAll(async () => {
  await c?.stop();
  await speech?.close();
});
// A failure says what the servers said: the tail of each process's log (errors carry the reference a 500 names).
afterEach((ctx) => {
  if (ctx.task.result?.state !== 'fail' || !c) return;
  for (const [name, p] of [
    ['A', c.a],
    ['B', c.b],
  ] as const)
    console.error(`--- process ${name}, last lines:\n${p.output().slice(-6000)}`);
});

const journalLength = async () =>
  (JSON.parse(await readFile(path.join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')).entries as unknown[]).length;

/** The newest link in the outbox files (both processes write to the shared data folder) mailed to `to`. */
async function mailedLink(to: string, part: string): Promise<string> {
  const dir = path.join(c.dataDir, 'outbox');
  const { value } = await within(
    10_000,
    async () => {
      // Only finished mails: the outbox writes `<name>.json.tmp` and renames it when complete.
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
      for (const f of files.sort().reverse()) {
        const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; links?: string[] };
        const link = mail.to === to ? mail.links?.find((l) => l.includes(part)) : undefined;
        if (link) return link;
      }
      return undefined;
    },
    `a mail to ${to}`,
  );
  return value;
}

describe.skipIf(!!missing)('two processes behind nginx', () => {
  it('both started at the same moment on the empty database, which was migrated and seeded once', async () => {
    const [applied] = await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied!.n).toBe(await journalLength());
    const [tags] = await c.query<{ n: number }>('select count(*)::int as n from tags');
    expect(tags!.n).toBeGreaterThan(50);
    const probe = new Client('127.0.0.1');
    for (const t of [c.direct.a, c.direct.b, c.proxy]) expect((await probe.call(t, api.health.check)).status).toBe(200);
  });

  it('signs up, verifies by the mailed link and signs in through the proxy; the session holds on both processes', async () => {
    const p = await signUp(c.proxy, 'signin');
    const link = new URL(await mailedLink(p.email, '/verify-email'));
    await p.client.ok(c.proxy, api.auth.verifyEmail, { body: { token: link.searchParams.get('token')! } });
    const login = await p.client.ok(c.proxy, api.auth.login, { body: { emailOrUsername: p.username, password: p.password } });
    for (const t of [c.direct.a, c.direct.b]) {
      expect((await p.client.ok(t, api.auth.me, { token: login.accessToken })).id).toBe(p.id);
    }
  });

  it("keeps a client's own X-Forwarded-For from dodging the sign-up limit, counted across both processes", async () => {
    const forger = new Client('127.2.0.1');
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const name = `forger${i}x${Date.now().toString(36)}`;
      const res = await forger.call(c.proxy, api.auth.register, {
        body: { email: `${name}@example.com`, username: name, password: 'cluster-secret-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
  });

  it('counts likes exactly under concurrent requests to both processes', async () => {
    const creator = await signUp(c.proxy, 'creator');
    const character = await createCharacter(creator, c.proxy, `Lighthouse ${Date.now().toString(36)}`);
    const fans = await Promise.all(Array.from({ length: 20 }, () => signUp(c.proxy, 'fan')));
    const like = (p: Person) => p.client.ok(c.proxy, api.characters.like, { params: { id: character.id }, token: p.token });
    const unlike = (p: Person) => p.client.ok(c.proxy, api.characters.unlike, { params: { id: character.id }, token: p.token });
    // Every fan likes twice at once; then a quarter of them take it back, twice at once.
    await Promise.all(fans.flatMap((p) => [like(p), like(p)]));
    await Promise.all(fans.slice(0, 5).flatMap((p) => [unlike(p), unlike(p)]));

    for (const t of [c.direct.a, c.direct.b]) {
      const profile = await creator.client.ok(t, api.characters.get, { params: { id: character.id } });
      expect(profile.likes, `likes on ${t.name}`).toBe(15);
    }
    const [rows] = await c.query<{ n: number }>('select count(*)::int as n from character_likes where character_id = $1', [character.id]);
    expect(rows!.n).toBe(15);
    // The likes went to both processes.
    const upstreams = new Set(
      (await c.nginx.accessLog()).filter((l) => l.includes(`/api/characters/${character.id}/likes`)).map((l) => l.split(' ')[0]),
    );
    expect(upstreams).toEqual(new Set([`127.0.0.1:${c.a.port}`, `127.0.0.1:${c.b.port}`]));
  });

  it('drops a cached search-word expansion on the other process as soon as a character is written', async () => {
    const creator = await signUp(c.proxy, 'writer');
    const stem = `Quil${Date.now().toString(36).replace(/\d/g, 'q')}`;
    await createCharacter(creator, c.direct.a, stem);
    const search = () =>
      creator.client.ok(c.direct.b, api.search.search, { query: { q: stem.slice(0, -1).toLowerCase(), type: 'characters' } });
    expect((await search()).characters.items.map((x) => x.name)).toEqual([stem]);
    // B now has the word expansion cached; a new name that the old expansion does not cover is written on A.
    const longer = `${stem}ette`;
    await createCharacter(creator, c.direct.a, longer);
    const { ms } = await within(
      1000,
      async () => (await search()).characters.items.some((x) => x.name === longer),
      'the new character on B',
    );
    console.log(`cache invalidation seen on the other process after ${Math.round(ms)} ms`);
  });

  it('streams a chat reply through nginx as it is written (no buffering), and both processes show it', async () => {
    const creator = await signUp(c.proxy, 'bard');
    const character = await createCharacter(creator, c.proxy, `Bard ${Date.now().toString(36)}`);
    const p = await signUp(c.proxy, 'talker');
    await buyCoins(p, c.proxy, 10);
    let release!: () => void;
    c.llm.behave({ kind: 'gated', first: 'The tide', release: new Promise<void>((r) => (release = r)), rest: [' is turning.'] });
    const stream = await p.client.stream(c.proxy, api.chat.send, {
      params: { characterId: character.id },
      body: { content: 'Hello!' },
      token: p.token,
    });
    expect(stream.status).toBe(200);
    // The first words arrive while the model server still holds the rest.
    const first = await stream.next((e) => e.event === 'token');
    expect(String(first.data.text)).toContain('The tide');
    release();
    const done = await stream.next((e) => e.event === 'done');
    expect(JSON.stringify(done.data)).toContain('The tide is turning.');
    for (const t of [c.direct.a, c.direct.b]) {
      const session = await p.client.ok(t, api.chat.session, { params: { characterId: character.id }, token: p.token });
      expect(session.messages.at(-1)?.content).toBe('The tide is turning.');
    }
    expect(await balance(p, c.proxy)).toBe(10 - c.costs.chat);
  });

  it('carries a call through nginx: one call per user across both processes, a turn heard, answered aloud and saved', async () => {
    await callThroughNginx(c);
  }, 120_000);

  it('works an image job on either process while the other one watches it, and charges it once', async () => {
    const p = await signUp(c.proxy, 'painter');
    await buyCoins(p, c.proxy, 20);
    const started = await p.client.ok(c.direct.a, api.images.generate, { body: { prompt: 'a lighthouse at dusk' }, token: p.token });
    const events = await p.client.stream(c.direct.b, api.images.jobEvents, { params: { id: started.job.id }, token: p.token });
    const done = await events.next((e) => (e.data.job as { status: string }).status === 'done', 60_000);
    events.close();
    const images = done.data.images as Array<{ url: string }>;
    expect(images).toHaveLength(1);
    const picture = await request(c.proxy, p.client.from, 'GET', images[0]!.url, { headers: { authorization: `Bearer ${p.token}` } });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(await balance(p, c.proxy)).toBe(20 - c.costs.image);
  });

  it('delivers a notification made on one process to a stream open on the other', async () => {
    const [star, fan] = await Promise.all([signUp(c.proxy, 'star'), signUp(c.proxy, 'follower')]);
    const stream = await star.client.stream(c.direct.b, api.notifications.stream, { token: star.token });
    await stream.next((e) => e.event === 'ready');
    await fan.client.ok(c.direct.a, api.social.follow, { params: { id: star.id }, token: fan.token });
    const note = await stream.next((e) => e.event === 'notification', 10_000);
    expect(JSON.stringify(note.data)).toContain(fan.username);
    stream.close();
  });

  it('refuses a session signed out on A on B within a second', async () => {
    const p = await signUp(c.proxy, 'leaver');
    expect((await p.client.call(c.direct.b, api.auth.me, { token: p.token })).status).toBe(200);
    await p.client.ok(c.direct.a, api.auth.logout, { body: { refreshToken: p.refreshToken }, token: p.token });
    const loggedOut = performance.now();
    const meOnB = async () => (await p.client.call(c.direct.b, api.auth.me, { token: p.token })).status;
    // B may answer from what it knew for up to a second; every request sent a second after the logout is refused.
    let firstRefusal: number | undefined;
    while (performance.now() - loggedOut < 1000) {
      const sent = performance.now() - loggedOut;
      if ((await meOnB()) === 401) firstRefusal ??= sent;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await meOnB()).toBe(401);
    console.log(`logout on A: B refused the session from ${firstRefusal === undefined ? '1000' : Math.round(firstRefusal)} ms on`);
  });

  it('adds the monthly coins once when the claim races on both processes', async () => {
    const p = await signUp(c.proxy, 'member');
    const sub = await p.client.ok(c.proxy, api.billing.subscribe, {
      body: { planId: 'premium', paymentMethodId: 'pm_card_visa', billingPeriod: 'monthly' },
      token: p.token,
    });
    expect(sub.status).toBe('succeeded');
    const before = await balance(p, c.proxy);
    const claim = (t: typeof c.proxy) => p.client.ok(t, api.billing.claimMonthly, { token: p.token });
    const answers = await Promise.all([c.direct.a, c.direct.b, c.direct.a, c.direct.b, c.proxy, c.proxy].map(claim));
    expect(answers.filter((a) => a.claimed)).toHaveLength(1);
    const added = answers.find((a) => a.claimed)!.coins;
    expect(added).toBeGreaterThan(0);
    expect(await balance(p, c.direct.a)).toBe(before + added);
    expect(await balance(p, c.direct.b)).toBe(before + added);
  });

  it('serves more with two processes than with one (printed, not asserted)', async () => {
    const creator = await signUp(c.proxy, 'feeder');
    for (let i = 0; i < 6; i++) await createCharacter(creator, c.proxy, `Feed ${i} ${Date.now().toString(36)}`);
    console.log(await throughputLine(c));
  }, 120_000);

  it('loses nothing, charges nothing twice and keeps serving when a process is killed with SIGKILL mid-traffic', async () => {
    await killMidTraffic(c);
  }, 150_000);
});
