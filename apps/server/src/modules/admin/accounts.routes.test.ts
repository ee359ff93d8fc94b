// Accounts from the console: suspension (sessions end at once, sign-in and refresh are refused with a clear message,
// public characters leave lists and search; unsuspending brings back only what it hid), coins through the ledger
// with an idempotency key, roles, and ADMIN_EMAILS making the first admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, csrfHeaders, type BuiltUser } from '../../../test/factories.ts';
import { adminCall, buildStaff } from '../../../test/staff.ts';

let t: TestApp;
let admin: BuiltUser;
let moderator: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com, second-boss@example.com' });
  admin = await buildStaff(t, 'admin');
  moderator = await buildStaff(t, 'moderator');
});
afterAll(() => t.close());

const reason = 'Repeated breaches of the content policy';
const login = async (u: BuiltUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: await csrfHeaders(t.app),
    payload: { emailOrUsername: u.user.email, password: u.password },
    remoteAddress: '10.200.0.1',
  });
const act = (by: BuiltUser, u: BuiltUser, action: string, why = reason) =>
  adminCall(t, by, 'POST', `/api/admin/users/${u.user.id}/actions`, { action, reason: why });
const listedIds = async () =>
  ((await t.app.inject({ url: '/api/characters?sort=new&limit=50' })).json().items as Array<{ id: string }>).map((i) => i.id);

describe('suspension', () => {
  it('signs the account out at once, refuses sign-in and refresh, hides its public characters; unsuspend undoes it', async () => {
    const u = await buildUser(t);
    const pub = await buildCharacter(t, u, { name: 'Zephyrine Oakhollow' });
    const unlisted = await buildCharacter(t, u, { visibility: 'unlisted' });
    const priv = await buildCharacter(t, u, { visibility: 'private' });
    const separately = await buildCharacter(t, u, { name: 'Held Apart' });
    await adminCall(t, moderator, 'POST', `/api/admin/content/character/${separately.id}/actions`, {
      action: 'hide',
      reason: 'Its own reason',
    });
    expect(await listedIds()).toContain(pub.id);

    const res = await act(moderator, u, 'suspend');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `@${u.user.username} is suspended: signed out everywhere, sign-in refused, 2 public or unlisted characters hidden.`,
    );

    // The session ends now: the next request with the old token is refused.
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const signIn = await login(u);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect(signIn.json().message).toBe(
      'This account is suspended, so it cannot sign in. If you think this is a mistake, write to support from the address on the account.',
    );

    // Its characters are gone from lists and search (the unlisted one by link too).
    expect(await listedIds()).not.toContain(pub.id);
    expect((await t.app.inject({ url: '/api/search?q=Zephyrine%20Oakhollow' })).json().characters.total).toBe(0);
    expect((await t.app.inject({ url: `/api/characters/${unlisted.id}` })).statusCode).toBe(404);
    expect((await act(moderator, u, 'suspend')).statusCode).toBe(409);

    const detail = (await adminCall(t, moderator, 'GET', `/api/admin/users/${u.user.id}`)).json() as AdminUserDetail;
    expect(detail.account).toMatchObject({ suspensionReason: reason });
    expect(detail.heldCharacters.map((c) => c.id).sort()).toEqual([pub.id, unlisted.id, separately.id].sort());
    expect(detail.history.map((e) => e.action)).toEqual(['user.suspend', 'content.hide']);

    const lift = await act(moderator, u, 'unsuspend', 'Appeal accepted');
    expect(lift.json().message).toBe(`@${u.user.username} can sign in again; 2 characters restored.`);
    expect((await login(u)).statusCode).toBe(200);
    expect(await listedIds()).toContain(pub.id);
    expect((await t.app.inject({ url: `/api/characters/${unlisted.id}` })).json().visibility).toBe('unlisted');
    // What moderators hid for its own reason, and what was private anyway, stay as they were.
    expect(await t.deps.uow.repos.characters.findById(separately.id)).toMatchObject({ visibility: 'private', moderationHold: 'hidden' });
    expect(await t.deps.uow.repos.characters.findById(priv.id)).toMatchObject({ visibility: 'private', moderationHold: null });
  });

  it('the gate every sign-in passes (password, Google, refresh) refuses it; staff are protected: moderators cannot act on staff, nobody on themselves or an admin', async () => {
    const u = await buildUser(t);
    await act(admin, u, 'suspend');
    const row = (await t.deps.uow.repos.users.findById(u.user.id))!;
    await expect(t.modules.auth.services.gate.admit(row)).rejects.toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });

    const other = await buildStaff(t, 'moderator');
    expect((await act(moderator, other, 'warn')).json().message).toBe('Only administrators can act on staff accounts.');
    expect((await act(moderator, moderator, 'warn')).statusCode).toBe(409);
    expect((await act(admin, admin, 'warn')).json().message).toBe('You cannot do this to your own account.');
    const otherAdmin = await buildStaff(t, 'admin');
    expect((await act(admin, otherAdmin, 'suspend')).json().message).toBe('Administrators cannot be suspended. Change the role first.');
    expect((await act(moderator, { user: { id: '00000000-0000-4000-8000-000000000009' } } as BuiltUser, 'warn')).statusCode).toBe(404);
  });
});

describe('coins', () => {
  it('moves coins through the ledger once per Idempotency-Key, audits and tells the user', async () => {
    const u = await buildUser(t, { coins: 10 });
    const add = (delta: number, key: string, by = admin) =>
      adminCall(
        t,
        by,
        'POST',
        `/api/admin/users/${u.user.id}/coins`,
        { delta, reason: 'Refund for a failed image' },
        { 'idempotency-key': key },
      );
    const first = await add(50, 'adj-1');
    expect(first.json()).toMatchObject({ balance: 60, applied: true, message: 'Added 50 coins; the balance is 60.' });
    const retry = await add(50, 'adj-1');
    expect(retry.json()).toMatchObject({ balance: 60, applied: false, auditId: first.json().auditId });
    expect((await add(70, 'adj-1')).statusCode).toBe(409);
    const tooMuch = await add(-100, 'adj-2');
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().message).toBe(`@${u.user.username} has only 60 coins: take away at most 60.`);
    expect((await add(-60, 'adj-3')).json()).toMatchObject({ balance: 0, applied: true });
    expect((await adminCall(t, admin, 'POST', `/api/admin/users/${u.user.id}/coins`, { delta: 5, reason })).statusCode).toBe(400);
    expect(
      (await adminCall(t, admin, 'POST', `/api/admin/users/${u.user.id}/coins`, { delta: 0, reason }, { 'idempotency-key': 'z' }))
        .statusCode,
    ).toBe(400);

    const ledger = await t.modules.billing.services.ledger.history(u.user.id);
    expect(ledger.filter((e) => e.reason.startsWith('admin_')).map((e) => e.delta)).toEqual([-60, 50]);
    await t.deps.background.drain();
    const notes = (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json();
    expect(notes.items.map((n: { title: string }) => n.title)).toEqual([
      'The Reverie team removed 60 coins',
      'The Reverie team added 50 coins',
    ]);
  });
});

describe('roles', () => {
  it('admins name moderators; the account is signed out so the role applies at once', async () => {
    const u = await buildUser(t);
    expect((await adminCall(t, u, 'GET', '/api/admin/queue')).statusCode).toBe(403);
    const res = await adminCall(t, admin, 'PUT', `/api/admin/users/${u.user.id}/role`, { role: 'moderator', reason: 'Joins the team' });
    expect(res.json().message).toBe(`@${u.user.username} is now a moderator; they were signed out so the role applies now.`);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const again = await login(u);
    expect(again.json().user.role).toBe('moderator');
    expect(
      (await adminCall(t, { auth: { authorization: `Bearer ${again.json().accessToken}` } }, 'GET', '/api/admin/queue')).statusCode,
    ).toBe(200);
    expect((await adminCall(t, admin, 'PUT', `/api/admin/users/${admin.user.id}/role`, { role: 'user', reason })).statusCode).toBe(409);
    expect((await adminCall(t, admin, 'PUT', `/api/admin/users/${u.user.id}/role`, { role: 'moderator', reason })).statusCode).toBe(409);
  });

  it('ADMIN_EMAILS: a verified account with a listed address is admin at sign-in and at start; an unverified one is not', async () => {
    const boss = await buildUser(t, { email: 'boss@example.com' });
    expect(boss.user.role).toBe('user');
    const signedIn = await login(boss);
    expect(signedIn.json().user.role).toBe('admin');
    expect(
      (
        await adminCall(
          t,
          { auth: { authorization: `Bearer ${signedIn.json().accessToken}` } },
          'PUT',
          `/api/admin/users/${moderator.user.id}/role`,
          { role: 'moderator', reason },
        )
      ).statusCode,
    ).toBe(409);

    const unverified = await buildUser(t, { email: 'second-boss@example.com', verified: false });
    await t.modules.auth.services.gate.promoteConfiguredAdmins();
    expect((await t.deps.uow.repos.users.findById(unverified.user.id))!.role).toBe('user');
    await t.deps.uow.repos.users.update(unverified.user.id, { emailVerifiedAt: new Date() });
    expect(await t.modules.auth.services.gate.promoteConfiguredAdmins()).toBe(1);
    expect((await t.deps.uow.repos.users.findById(unverified.user.id))!.role).toBe('admin');
  });
});
