// Veriff as the age-assurance provider, against a loopback server that speaks its session API: a check opens a
// Veriff session, the signed decision webhook settles it, and a forged or replayed delivery changes nothing.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../../../test/staff.ts';
import { startVeriffPeer, veriffDecision, type VeriffPeer } from '../../../test/veriff-peer.ts';

const GB = { 'cf-ipcountry': 'GB' };
const WEBHOOK = '/api/age-assurance/webhooks/veriff';

describe('age assurance with Veriff (loopback peer)', () => {
  let t: TestApp;
  let peer: VeriffPeer;
  let nsfwId: string;

  beforeAll(async () => {
    peer = await startVeriffPeer();
    t = await createTestApp({
      AGE_ASSURANCE_PROVIDER: 'veriff',
      VERIFF_API_KEY: peer.apiKey,
      VERIFF_SHARED_SECRET: peer.sharedSecret,
      VERIFF_API_URL: peer.url,
      AGE_ASSURANCE_REGIONS: 'GB',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'https://reverie.example',
    });
    const owner = await buildUser(t);
    nsfwId = (await buildCharacter(t, owner, { nsfw: true })).id;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const state = async (u: BuiltUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/age-assurance', headers: { ...u.auth, ...GB } })).json();
  const start = async (u: BuiltUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/age-assurance/checks', headers: { ...u.auth, ...GB } });
    expect(res.statusCode).toBe(201);
    const { checkId, url } = res.json() as { checkId: string; url: string };
    const session = peer.sessions.find((s) => s.vendorData === checkId);
    expect(session, 'the check opened a Veriff session with our check id as vendorData').toBeDefined();
    expect(url).toMatch(/^https:\/\/alchemy\.veriff\.com\/v\//);
    expect(session!.callback).toBe(`https://reverie.example/age-check/done?check=${checkId}`);
    return session!;
  };
  const deliver = (d: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: WEBHOOK, headers: d.headers, payload: d.body });
  const character = (u: BuiltUser) => t.app.inject({ method: 'GET', url: `/api/characters/${nsfwId}`, headers: { ...u.auth, ...GB } });

  it('opens NSFW content on a signed approval of an adult, and remembers the provider, method and reference', async () => {
    const u = await buildUser(t);
    const session = await start(u);
    expect((await character(u)).statusCode).toBe(403);
    const res = await deliver(veriffDecision(peer, peer.sharedSecret, session, 'approved'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await state(u)).toMatchObject({ status: 'passed', locked: false, provider: 'veriff' });
    expect((await character(u)).statusCode).toBe(200);
    const admin = await buildStaff(t, 'admin');
    const view = await t.app.inject({ method: 'GET', url: `/api/admin/users/${u.user.id}/age-assurance`, headers: admin.auth });
    expect(view.json().checks[0]).toMatchObject({ provider: 'veriff', method: 'id_document', status: 'passed', providerRef: session.id });
    // Nothing of the document or the person is kept.
    expect(JSON.stringify(view.json())).not.toMatch(/MORGAN|1990|DRIVERS_LICENSE/);
  });

  it('refuses a forged signature, an unsigned delivery and a delivery signed with another secret: nothing changes', async () => {
    const u = await buildUser(t);
    const session = await start(u);
    const genuine = veriffDecision(peer, peer.sharedSecret, session, 'approved');
    const otherSecret = veriffDecision(peer, 'not-the-shared-secret', session, 'approved');
    const tampered = { ...genuine, body: genuine.body.replace('"approved"', '"approved" ') };
    const { 'x-hmac-signature': _sig, ...unsigned } = genuine.headers;
    for (const forged of [otherSecret, tampered, { body: genuine.body, headers: unsigned }]) {
      const res = await deliver(forged);
      expect(res.statusCode).toBe(400);
    }
    expect(await state(u)).toMatchObject({ status: 'pending', locked: true });
  });

  it('recognises a replayed delivery: after an admin reset, the old approval does not verify the account again', async () => {
    const u = await buildUser(t);
    const admin = await buildStaff(t, 'admin');
    const session = await start(u);
    const approval = veriffDecision(peer, peer.sharedSecret, session, 'approved');
    expect((await deliver(approval)).json()).toEqual({ received: true, duplicate: false });
    expect(await state(u)).toMatchObject({ locked: false });
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${u.user.id}/age-assurance/reset`, headers: admin.auth });
    expect(await state(u)).toMatchObject({ locked: true });
    const replay = await deliver(approval);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await state(u)).toMatchObject({ locked: true, status: 'not_started' });
    // Re-signed with a new body (a later, genuine delivery for the reset session) it still cannot reopen it.
    const later = veriffDecision(peer, peer.sharedSecret, session, 'approved');
    expect((await deliver(later)).json()).toEqual({ received: true, duplicate: false });
    expect(await state(u)).toMatchObject({ locked: true });
  });

  it('keeps NSFW closed on a decline, an approval of someone under 18, and an approval without a birth date', async () => {
    for (const [status, dob, expected] of [
      ['declined', '1990-01-01', 'failed'],
      ['approved', `${new Date().getUTCFullYear() - 16}-01-01`, 'failed'],
      ['approved', null, 'unverified'],
      ['abandoned', null, 'abandoned'],
    ] as const) {
      const u = await buildUser(t);
      const session = await start(u);
      expect((await deliver(veriffDecision(peer, peer.sharedSecret, session, status, dob))).statusCode).toBe(200);
      expect(await state(u)).toMatchObject({ status: expected, locked: true });
      expect((await character(u)).statusCode).toBe(403);
    }
  });

  it('takes an approval after a resubmission request on the same session', async () => {
    const u = await buildUser(t);
    const session = await start(u);
    await deliver(veriffDecision(peer, peer.sharedSecret, session, 'resubmission_requested'));
    expect(await state(u)).toMatchObject({ status: 'unverified', locked: true });
    await deliver(veriffDecision(peer, peer.sharedSecret, session, 'approved'));
    expect(await state(u)).toMatchObject({ status: 'passed', locked: false });
  });

  it('answers 503 with a sentence when Veriff refuses the API key, and the sandbox routes are 404', async () => {
    const u = await buildUser(t);
    const refusedBefore = peer.refused;
    const bad = await createTestApp({
      AGE_ASSURANCE_PROVIDER: 'veriff',
      VERIFF_API_KEY: 'wrong-key',
      VERIFF_SHARED_SECRET: 'x',
      VERIFF_API_URL: peer.url,
    });
    try {
      const v = await buildUser(bad);
      const res = await bad.app.inject({ method: 'POST', url: '/api/age-assurance/checks', headers: v.auth });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/could not start a check/);
      expect(peer.refused).toBe(refusedBefore + 1);
    } finally {
      await bad.close();
    }
    const sandbox = await t.app.inject({ method: 'GET', url: `/api/age-assurance/sandbox/${session0()}`, headers: u.auth });
    expect(sandbox.statusCode).toBe(404);
    const sig = createHmac('sha256', peer.sharedSecret).update('{}').digest('hex');
    const notDecision = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'x-hmac-signature': sig },
      payload: '{}',
    });
    expect(notDecision.statusCode).toBe(400);
  });
});

const session0 = () => '00000000-0000-4000-8000-000000000000';
