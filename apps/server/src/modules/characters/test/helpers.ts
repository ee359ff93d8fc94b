// Helpers for the character write and card route tests.
import type { CharacterProfile } from '@reverie/shared';
import type { TestApp } from '../../../../test/helpers.ts';
import { uniqueName } from '../../../../test/factories.ts';

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----reverie' + Math.random().toString(16).slice(2);
  const plain = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${plain}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Caller {
  user: { id: string };
  auth: { authorization: string };
}

/** A signed-in account made without the sign-up flow (cheap; for tests that need many callers or an admin). */
export async function quickUser(t: TestApp, role: 'user' | 'admin' = 'user'): Promise<Caller> {
  const name = uniqueName('maker');
  const row = await t.deps.uow.repos.users.create({ username: name, email: `${name}@example.com`, emailVerifiedAt: new Date() });
  const user = role === 'admin' ? ((await t.deps.uow.repos.users.update(row.id, { role: 'admin' })) ?? row) : row;
  const { accessToken } = await t.modules.auth.services.sessions.start(user);
  return { user: { id: row.id }, auth: { authorization: `Bearer ${accessToken}` } };
}

export const minimalCharacter = (over: Record<string, unknown> = {}) => ({
  name: uniqueName('Hero '),
  tagline: 'A test character',
  description: 'Written by a test.',
  greeting: 'Hello there.',
  tags: ['female', 'fantasy', 'sfw'],
  ...over,
});

export async function createCharacter(t: TestApp, who: Caller, body: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/characters', headers: who.auth, payload: minimalCharacter(body) });
}

export async function created(t: TestApp, who: Caller, body: Record<string, unknown> = {}): Promise<CharacterProfile> {
  const res = await createCharacter(t, who, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as CharacterProfile;
}

export async function importCard(
  t: TestApp,
  who: Caller,
  filename: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const mp = multipart('file', filename, contentType, bytes, fields);
  return t.app.inject({ method: 'POST', url: '/api/characters/import', headers: { ...who.auth, ...mp.headers }, payload: mp.payload });
}

/** How many characters (any visibility, not deleted) a user owns, as their own list counts them. */
export async function ownCount(t: TestApp, who: Caller): Promise<number> {
  const res = await t.app.inject({ url: `/api/users/${who.user.id}/characters?limit=1`, headers: who.auth });
  return (res.json() as { total: number }).total;
}
