// Age assurance by region (docs/compliance.md): NSFW content is closed in a listed region until a check passes, the
// sandbox's outcomes, a spoofed region header from an untrusted hop, and an unlisted region that is never asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../../../test/staff.ts';

const GB = { 'cf-ipcountry': 'GB' };
const CALIFORNIA = { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' };
const TEXAS = { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' };

describe('age assurance by region (sandbox provider)', () => {
  let t: TestApp;
  let owner: BuiltUser;
  let nsfwId: string;
  let sfwId: string;

  beforeAll(async () => {
    // The production default for unknown regions; the proxy in front is on loopback (app.inject's address).
    t = await createTestApp({ AGE_ASSURANCE_REGIONS: 'GB,US-TX', AGE_ASSURANCE_UNKNOWN: 'required', TRUST_PROXY: 'loopback' });
    owner = await buildUser(t);
    nsfwId = (await buildCharacter(t, owner, { nsfw: true, name: 'Velvet Night' })).id;
    sfwId = (await buildCharacter(t, owner, { name: 'Sunny Day' })).id;
  });
  afterAll(() => t?.close());

  const get = (u: BuiltUser | null, url: string, headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(u?.auth ?? {}), ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
  const post = (u: BuiltUser, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...u.auth, ...headers }, ...(payload ? { payload } : {}) });
  const listedIds = async (u: BuiltUser | null, headers: Record<string, string>, remoteAddress?: string) => {
    const res = await get(u, '/api/characters?limit=50&sort=new', headers, remoteAddress);
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<{ id: string }>).map((c) => c.id);
  };
  const sandboxCheck = async (u: BuiltUser, outcome: string) => {
    const started = await post(u, '/api/age-assurance/checks', GB);
    expect(started.statusCode).toBe(201);
    const { checkId, url } = started.json() as { checkId: string; url: string };
    expect(url).toBe(`/age-check/sandbox/${checkId}`);
    const done = await post(u, `/api/age-assurance/sandbox/${checkId}/complete`, GB, { outcome });
    expect(done.statusCode).toBe(200);
    return { checkId, status: done.json().status as string };
  };

  it('closes NSFW characters, chat, pictures and the NSFW switches in a listed region, and opens them after a sandbox pass', async () => {
    const u = await buildUser(t);
    const before = (await get(u, '/api/age-assurance', GB)).json();
    expect(before).toMatchObject({ required: true, region: 'GB', status: 'not_started', locked: true, provider: 'sandbox' });
    expect(before.message).toMatch(/verify your age/);

    const ids = await listedIds(u, GB);
    expect(ids).toContain(sfwId);
    expect(ids).not.toContain(nsfwId);
    const onlyNsfw = await get(u, '/api/characters?filter=nsfw', GB);
    expect(onlyNsfw.statusCode).toBe(403);
    expect(onlyNsfw.json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
    expect((await get(u, `/api/characters/${nsfwId}`, GB)).json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
    expect((await get(u, `/api/characters/${sfwId}`, GB)).statusCode).toBe(200);
    // The creator's page: the NSFW character is neither listed nor counted in the page's total.
    const creatorPage = (await get(u, `/api/users/${owner.user.id}/characters?limit=50`, GB)).json();
    expect(creatorPage.items.map((c: { id: string }) => c.id)).toEqual([sfwId]);
    expect(creatorPage.total).toBe(1);
    expect((await get(u, `/api/chat/${nsfwId}`, GB)).json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
    const chat = await post(u, `/api/chat/${nsfwId}/message`, GB, { content: 'Hello there' });
    expect(chat.statusCode).toBe(403);
    expect(chat.json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
    const picture = await post(u, '/api/image-generation/generate', GB, { prompt: 'a portrait', characterId: nsfwId });
    expect(picture.statusCode).toBe(403);
    expect(picture.json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.user.id}/preferences`,
      headers: { ...u.auth, ...GB },
      payload: { selectedTags: [], nsfwEnabled: true },
    });
    expect(toggle.statusCode).toBe(403);
    // A favourite and a like made elsewhere stay out of the lists, and out of their totals, while locked.
    expect((await post(u, '/api/favorites', {}, { characterId: nsfwId })).statusCode).toBeLessThan(300);
    expect((await get(u, '/api/favorites', GB)).json()).toMatchObject({ items: [], total: 0 });
    expect((await post(u, `/api/characters/${nsfwId}/likes`, {})).statusCode).toBeLessThan(300);
    const likedLocked = (await get(u, `/api/users/${u.user.id}/likedCharacters`, GB)).json();
    expect(likedLocked).toMatchObject({ likedCharacters: [], total: 0 });
    // The refused message opened no conversation.
    expect((await get(u, '/api/conversations', GB)).json().items).toEqual([]);

    expect((await sandboxCheck(u, 'pass')).status).toBe('passed');
    const after = (await get(u, '/api/age-assurance', GB)).json();
    expect(after).toMatchObject({ required: true, status: 'passed', locked: false, message: null });
    expect(after.verifiedAt).toBeTruthy();
    expect(await listedIds(u, GB)).toContain(nsfwId);
    expect((await get(u, `/api/characters/${nsfwId}`, GB)).statusCode).toBe(200);
    expect((await get(u, '/api/characters?filter=nsfw', GB)).statusCode).toBe(200);
    expect((await get(u, `/api/chat/${nsfwId}`, GB)).statusCode).toBe(200);
    expect((await get(u, '/api/favorites', GB)).json().items.map((c: { id: string }) => c.id)).toEqual([nsfwId]);
    expect((await get(u, `/api/users/${u.user.id}/likedCharacters`, GB)).json()).toMatchObject({ total: 1 });
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.user.id}/preferences`,
      headers: { ...u.auth, ...GB },
      payload: { selectedTags: [], nsfwEnabled: true },
    });
    expect(toggled.statusCode).toBe(200);
    // Past the age gate the picture request goes on to the next refusal (no image backend here), not a 403.
    const pictureAfter = await post(u, '/api/image-generation/generate', GB, { prompt: 'a portrait', characterId: nsfwId });
    expect(pictureAfter.statusCode).not.toBe(403);
    // A second check is refused once passed.
    expect((await post(u, '/api/age-assurance/checks', GB)).statusCode).toBe(409);
  });

  it('keeps NSFW closed after a failed, unverifiable or abandoned check, and lets the user try again', async () => {
    const u = await buildUser(t);
    for (const [outcome, status] of [
      ['fail', 'failed'],
      ['unverified', 'unverified'],
      ['abandon', 'abandoned'],
    ] as const) {
      const { checkId } = await sandboxCheck(u, outcome);
      const state = (await get(u, '/api/age-assurance', GB)).json();
      expect(state).toMatchObject({ status, locked: true });
      expect((await get(u, `/api/characters/${nsfwId}`, GB)).statusCode).toBe(403);
      // An ended check cannot be turned into a pass afterwards.
      const again = await post(u, `/api/age-assurance/sandbox/${checkId}/complete`, GB, { outcome: 'pass' });
      expect(again.statusCode).toBe(409);
    }
    // The retry: a new check, passed.
    expect((await sandboxCheck(u, 'pass')).status).toBe('passed');
    expect((await get(u, `/api/characters/${nsfwId}`, GB)).statusCode).toBe(200);
  });

  it("answers 404 for another account's sandbox check", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const { checkId } = (await post(a, '/api/age-assurance/checks', GB)).json() as { checkId: string };
    expect((await get(b, `/api/age-assurance/sandbox/${checkId}`, GB)).statusCode).toBe(404);
    expect((await post(b, `/api/age-assurance/sandbox/${checkId}/complete`, GB, { outcome: 'pass' })).statusCode).toBe(404);
    expect((await get(a, `/api/age-assurance/sandbox/${checkId}`, GB)).json()).toMatchObject({ status: 'pending', testMode: true });
  });

  it('ignores a region header sent from a hop that is not a trusted proxy', async () => {
    const u = await buildUser(t);
    // From the trusted proxy, California is not listed: nothing asked.
    expect(await listedIds(u, CALIFORNIA)).toContain(nsfwId);
    // The same header written by a client that reaches the server directly: the region is unknown, which requires.
    const spoofed = await get(u, '/api/age-assurance', CALIFORNIA, '203.0.113.9');
    expect(spoofed.json()).toMatchObject({ region: null, required: true, locked: true });
    expect((await get(u, `/api/characters/${nsfwId}`, CALIFORNIA, '203.0.113.9')).statusCode).toBe(403);
    expect(await listedIds(u, CALIFORNIA, '203.0.113.9')).not.toContain(nsfwId);
  });

  it('does not ask in an unlisted region, asks per US state, and treats a US address without a state as unknown', async () => {
    const u = await buildUser(t);
    expect((await get(u, '/api/age-assurance', CALIFORNIA)).json()).toMatchObject({ region: 'US-CA', required: false, locked: false });
    expect((await get(u, `/api/characters/${nsfwId}`, CALIFORNIA)).statusCode).toBe(200);
    expect((await get(null, `/api/characters/${nsfwId}`, { 'cf-ipcountry': 'JP' })).statusCode).toBe(200);
    expect((await get(u, '/api/age-assurance', TEXAS)).json()).toMatchObject({ region: 'US-TX', required: true, locked: true });
    expect((await get(u, '/api/age-assurance', { 'cf-ipcountry': 'US' })).json()).toMatchObject({ region: 'US', required: true });
  });

  it('closes NSFW to guests in a listed region (verification needs an account)', async () => {
    const state = (await get(null, '/api/age-assurance', GB)).json();
    expect(state).toMatchObject({ required: true, locked: true, status: 'not_started' });
    expect(await listedIds(null, GB)).not.toContain(nsfwId);
  });

  it("lets an admin see an account's checks and reset them; the account must check again", async () => {
    const u = await buildUser(t);
    const admin = await buildStaff(t, 'admin');
    await sandboxCheck(u, 'fail');
    await sandboxCheck(u, 'pass');
    expect((await get(u, '/api/admin/users/' + u.user.id + '/age-assurance', {})).statusCode).toBe(403);
    const view = (await get(admin, `/api/admin/users/${u.user.id}/age-assurance`, {})).json();
    expect(view.verified).toBe(true);
    expect(view.checks.map((c: { status: string }) => c.status)).toEqual(['passed', 'failed']);
    expect(view.checks[0]).toMatchObject({ provider: 'sandbox', method: 'simulated', region: 'GB' });
    const reset = await post(admin, `/api/admin/users/${u.user.id}/age-assurance/reset`, {});
    expect(reset.statusCode).toBe(200);
    expect(reset.json().verified).toBe(false);
    expect((await get(u, '/api/age-assurance', GB)).json()).toMatchObject({ locked: true, status: 'not_started' });
    expect((await get(u, `/api/characters/${nsfwId}`, GB)).statusCode).toBe(403);
    const audit = (await get(admin, `/api/admin/audit?targetId=${u.user.id}`, {})).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toContain('user.age_assurance_reset');
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await post(admin, `/api/admin/users/${nobody}/age-assurance/reset`, {})).statusCode).toBe(404);
  });
});
