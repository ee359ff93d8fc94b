import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountExport, AuthResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, csrfHeaders, lastMailTo, tokenFromLink, type BuiltUser } from '../../../test/factories.ts';
import { created, quickUser, type Caller } from '../characters/test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEBP = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 fake picture bytes');

async function waitForExport(who: Caller, id: string): Promise<AccountExport> {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ url: '/api/account/exports', headers: who.auth });
    const row = (res.json() as { exports: AccountExport[] }).exports.find((e) => e.id === id);
    if (row && row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export never finished');
}

async function signIn(u: BuiltUser) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: await csrfHeaders(t.app),
    payload: { emailOrUsername: u.user.username, password: u.password },
  });
}

function scheduleDeletion(who: Caller, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/account/deletion', headers: who.auth, payload: body });
}

describe('data export', () => {
  it('prepares a zip in the background with profile, characters, chats, pictures, ledger and invoices, then notifies', async () => {
    const alice = await buildUser(t, { coins: 40 });
    const mara = await created(t, alice, { name: 'Mara', visibility: 'public' });
    // Opening the chat creates the conversation (with the greeting).
    expect((await t.app.inject({ url: `/api/chat/${mara.id}`, headers: alice.auth })).statusCode).toBe(200);
    const fileKey = `images/${alice.user.id}/pic/full.webp`;
    await t.deps.storage.put(fileKey, WEBP, 'image/webp');
    const [picture] = await t.deps.uow.repos.images.insertImages([
      { ownerId: alice.user.id, source: 'generated', status: 'ready', prompt: 'a lighthouse at dusk', width: 512, height: 512, fileKey },
    ]);
    await t.deps.uow.repos.payments.upsertInvoice({
      id: `in_${alice.user.id}`,
      userId: alice.user.id,
      provider: 'sandbox',
      number: 'RV-0001',
      status: 'paid',
      kind: 'coins',
      description: '500 coins',
      amountCents: 499,
      currency: 'usd',
      coins: 500,
    });

    await t.app.inject({ method: 'POST', url: '/api/personas', headers: alice.auth, payload: { name: 'Captain Ro', pronouns: 'she/her' } });
    const check = await t.app.inject({ method: 'POST', url: '/api/age-assurance/checks', headers: alice.auth });
    const checkId = (check.json() as { checkId: string }).checkId;
    await t.app.inject({
      method: 'POST',
      url: `/api/age-assurance/sandbox/${checkId}/complete`,
      headers: alice.auth,
      payload: { outcome: 'pass' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/exports', headers: alice.auth });
    expect(res.statusCode).toBe(202);
    const pending = (res.json() as { export: AccountExport }).export;
    expect(pending.status).toBe('pending');

    const ready = await waitForExport(alice, pending.id);
    expect(ready.status).toBe('ready');
    const days = (Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const download = await t.app.inject({ url: `/api/account/exports/${pending.id}/download`, headers: alice.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toContain('no-store');
    const files = unzipSync(download.rawPayload);
    const read = (name: string) => JSON.parse(Buffer.from(files[name]!).toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['profile.json', 'pictures.json', 'coin-ledger.json', 'invoices.json', 'README.txt']),
    );
    expect(Object.keys(files).some((f) => f.startsWith('characters/') && f.endsWith('.charx'))).toBe(true);
    const chats = Object.keys(files).filter((f) => f.startsWith('chats/') && f.endsWith('.jsonl'));
    expect(chats).toHaveLength(1);
    expect(Buffer.from(files[chats[0]!]!).toString('utf8')).toContain('Hello there.');
    expect(read('profile.json')).toMatchObject({ username: alice.user.username, email: alice.user.email, coins: 40 });
    const pictures = read('pictures.json') as unknown as Array<Record<string, unknown>>;
    expect(pictures).toEqual([
      expect.objectContaining({ id: picture!.id, prompt: 'a lighthouse at dusk', file: `pictures/${picture!.id}.webp` }),
    ]);
    expect(Buffer.from(files[`pictures/${picture!.id}.webp`]!)).toEqual(WEBP);
    expect(read('personas.json')).toEqual([
      expect.objectContaining({ name: 'Captain Ro', pronouns: 'she/her', isDefault: true, avatarUrl: null }),
    ]);
    // The age checks: provider, method, outcome, reference; never documents.
    expect(read('age-checks.json')).toEqual([
      expect.objectContaining({ id: checkId, provider: 'sandbox', method: 'simulated', status: 'passed', providerRef: checkId }),
    ]);
    expect(read('coin-ledger.json')).toEqual([expect.objectContaining({ change: 40, balanceAfter: 40 })]);
    expect((read('invoices.json').invoices as unknown[])[0]).toMatchObject({ number: 'RV-0001', amount: 4.99, coins: 500 });

    const inbox = await t.app.inject({ url: '/api/notifications', headers: alice.auth });
    expect(inbox.body).toContain('Your data export is ready');
  });

  it('lets only the owner download it: another account gets 404', async () => {
    const [owner, other] = await Promise.all([quickUser(t), quickUser(t)]);
    const { export: row } = (await t.app.inject({ method: 'POST', url: '/api/account/exports', headers: owner.auth })).json() as {
      export: AccountExport;
    };
    await waitForExport(owner, row.id);
    const stranger = await t.app.inject({ url: `/api/account/exports/${row.id}/download`, headers: other.auth });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Export not found');
    const guest = await t.app.inject({ url: `/api/account/exports/${row.id}/download` });
    expect(guest.statusCode).toBe(401);
  });

  it('limits downloads: one at a time per account, and a few an hour (429 with a sentence)', async () => {
    const who = await quickUser(t);
    const { export: row } = (await t.app.inject({ method: 'POST', url: '/api/account/exports', headers: who.auth })).json() as {
      export: AccountExport;
    };
    await waitForExport(who, row.id);
    const url = `/api/account/exports/${row.id}/download`;
    // Twenty at once: one is served, the others wait their turn (429) instead of each reading the whole zip.
    const burst = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url, headers: who.auth })));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(6);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(14);
    let last = burst.find((r) => r.statusCode === 200)!;
    expect(last).toBeDefined();
    for (let i = 0; i < 8 && last.statusCode === 200; i++) last = await t.app.inject({ url, headers: who.auth });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('takes one export at a time (409 with a sentence), and says when one has expired (410)', async () => {
    const who = await quickUser(t);
    // Two clicks at once: one export, one 409. The first export's build waits until both answers are in; otherwise
    // a fast job could finish before the second click lands, and a second export would rightly be allowed.
    const transfer = t.modules.transfer.services.transfer;
    const build = transfer.exportEntries.bind(transfer);
    let release!: () => void;
    const bothAnswered = new Promise<void>((r) => (release = r));
    const held = vi.spyOn(transfer, 'exportEntries').mockImplementation(async function* (userId) {
      await bothAnswered;
      yield* build(userId);
    });
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/account/exports', headers: who.auth }),
      t.app.inject({ method: 'POST', url: '/api/account/exports', headers: who.auth }),
    ]).finally(release);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe('Your previous export is still being prepared. You will get a notification when it is ready.');
    const id = ((a.statusCode === 202 ? a : b).json() as { export: AccountExport }).export.id;
    await waitForExport(who, id);
    held.mockRestore();
    // Ready: a new one may be asked for; the sweep a week later drops the old zip.
    await t.modules.account.services.exports.sweep(new Date(Date.now() + 8 * 86_400_000));
    const gone = await t.app.inject({ url: `/api/account/exports/${id}/download`, headers: who.auth });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('This export has expired. Ask for a new one in Settings.');
  });
});

describe('account deletion', () => {
  it('refuses a wrong or missing password with a sentence, and a bad choice for public characters', async () => {
    const u = await buildUser(t);
    const wrong = await scheduleDeletion(u, { password: 'not-my-password', publicCharacters: 'delete' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const missing = await scheduleDeletion(u, { publicCharacters: 'delete' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your current password to delete your account.');
    const choice = await scheduleDeletion(u, { password: u.password, publicCharacters: 'keep' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().message).toContain('Choose what happens to your public characters');
    expect((await signIn(u)).statusCode).toBe(200);
  });

  it('schedules: signs out everywhere, refuses sign-in with the undo route, and the mailed link keeps the account', async () => {
    const u = await buildUser(t);
    const res = await scheduleDeletion(u, { password: u.password, publicCharacters: 'anonymise' });
    expect(res.statusCode).toBe(202);
    const due = Date.parse(res.json().deletionDueAt as string);
    expect(Math.round((due - Date.now()) / 86_400_000)).toBe(7);

    // The access token's session is gone.
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const refused = await signIn(u);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_DELETION_SCHEDULED');
    expect(refused.json().message).toMatch(/scheduled for deletion on .+ \/keep-account/);

    const mail = await lastMailTo(t, u.user.email);
    expect(mail.subject).toBe('Your Reverie account will be deleted');
    expect(mail.link).toContain('/keep-account?token=');
    const token = tokenFromLink(mail.link, 'token');
    const kept = await t.app.inject({ method: 'POST', url: '/api/account/restore', payload: { token } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ username: u.user.username });
    expect((await signIn(u)).statusCode).toBe(200);
    // The link works once.
    const again = await t.app.inject({ method: 'POST', url: '/api/account/restore', payload: { token } });
    expect(again.statusCode).toBe(400);
    // Nothing is erased when the sweep later runs.
    await t.modules.account.services.deletion.sweep(new Date(Date.now() + 8 * 86_400_000));
    expect((await t.deps.uow.repos.users.findById(u.user.id))!.erasedAt).toBeNull();
  });

  it('after the delay erases personal data: public characters per choice, ledger and invoices kept anonymised', async () => {
    const [keeper, deleter] = await Promise.all([buildUser(t, { coins: 25 }), buildUser(t, { coins: 5 })]);
    const fan = await quickUser(t);
    const ids: Record<string, { pub: string; priv: string }> = {};
    for (const [name, who] of [
      ['keeper', keeper],
      ['deleter', deleter],
    ] as const) {
      const pub = await created(t, who, { visibility: 'public' });
      const priv = await created(t, who, { visibility: 'private' });
      ids[name] = { pub: pub.id, priv: priv.id };
      await t.deps.uow.repos.users.update(who.user.id, { bio: 'I like lighthouses', avatarUrl: '/media/avatars/x.webp' });
      await t.app.inject({ method: 'POST', url: `/api/follows/users/${who.user.id}/follow`, headers: fan.auth });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: keeper.auth,
      payload: { name: 'Secret Me', description: 'private' },
    });
    const fileKey = `images/${keeper.user.id}/p/full.webp`;
    await t.deps.storage.put(fileKey, WEBP, 'image/webp');
    await t.deps.uow.repos.images.insertImages([
      { ownerId: keeper.user.id, source: 'generated', status: 'ready', prompt: 'secret prompt', width: 64, height: 64, fileKey },
    ]);

    await t.deps.uow.repos.payments.upsertInvoice({
      id: `in_${keeper.user.id}`,
      userId: keeper.user.id,
      provider: 'sandbox',
      number: 'RV-0002',
      status: 'paid',
      kind: 'coins',
      description: '500 coins',
      amountCents: 499,
      currency: 'usd',
      coins: 500,
    });
    expect((await scheduleDeletion(keeper, { password: keeper.password, publicCharacters: 'anonymise' })).statusCode).toBe(202);
    expect((await scheduleDeletion(deleter, { password: deleter.password, publicCharacters: 'delete' })).statusCode).toBe(202);

    // Not yet due: nothing happens.
    expect(await t.modules.account.services.deletion.sweep(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    await t.modules.account.services.deletion.sweep(new Date(Date.now() + 7 * 86_400_000 + 60_000));

    const { users, characters, ledger } = t.deps.uow.repos;
    for (const who of [keeper, deleter]) {
      const row = (await users.findById(who.user.id))!;
      expect(row.erasedAt).not.toBeNull();
      expect(row.email).not.toContain(who.user.email.split('@')[0]!);
      expect(row.username).toMatch(/^deleted-[0-9a-f]{12}$/);
      expect([row.passwordHash, row.googleSub, row.avatarUrl, row.bio]).toEqual([null, null, null, null]);
      expect(await characters.findById(ids[who === keeper ? 'keeper' : 'deleter']!.priv)).toBeUndefined();
      // The ledger keeps its rows, now on the anonymous account.
      expect((await ledger.history(who.user.id, 10)).length).toBeGreaterThan(0);
      expect((await signIn(who)).statusCode).toBe(401);
    }
    expect(await t.deps.uow.repos.payments.invoicesOf(keeper.user.id, 10)).toEqual([
      expect.objectContaining({ number: 'RV-0002', amountCents: 499 }),
    ]);
    // anonymise: the public character stays, under the anonymous creator; delete: it is gone.
    const kept = await t.app.inject({ url: `/api/characters/${ids.keeper!.pub}` });
    expect(kept.statusCode).toBe(200);
    expect(JSON.stringify(kept.json())).not.toContain(keeper.user.username);
    expect(await characters.findById(ids.deleter!.pub)).toBeUndefined();
    expect(await t.deps.uow.repos.personas.list(keeper.user.id)).toEqual([]);
    // Pictures and their files are gone.
    expect(await t.deps.storage.exists(fileKey)).toBe(false);
    // A new account may take the old address.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(t.app),
      payload: { email: keeper.user.email, username: keeper.user.username, password: 'another-horse', confirmPassword: 'another-horse' },
      remoteAddress: '10.99.1.1',
    });
    expect(again.statusCode).toBe(201);
    expect((again.json() as AuthResponse).user.id).not.toBe(keeper.user.id);
  });

  it('takes the delay from ACCOUNT_DELETION_DELAY_HOURS', async () => {
    const short = await createTestApp({ ACCOUNT_DELETION_DELAY_HOURS: '0.5' });
    try {
      const u = await buildUser(short);
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: u.auth,
        payload: { password: u.password, publicCharacters: 'delete' },
      });
      const minutes = (Date.parse(res.json().deletionDueAt as string) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
      expect(await short.modules.account.services.deletion.sweep(new Date(Date.now() + 31 * 60_000))).toBe(1);
    } finally {
      await short.close();
    }
  });
});
