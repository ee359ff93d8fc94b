// Factories for route tests: real HTTP semantics through app.inject, no shortcuts around the API
// except where a test needs a precondition the API only reaches through e-mail (verification).
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@reverie/shared';
import { mailOutbox, users } from '../src/db/schema/index.ts';

export async function csrfHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  const token = res.json().csrfToken as string;
  const cookie = res.cookies.find((c) => c.name === 'rv_csrf');
  if (!cookie) throw new Error('no csrf cookie');
  return { cookie: `rv_csrf=${cookie.value}`, 'x-csrf-token': token };
}

export interface BuiltUser extends AuthResponse {
  password: string;
  auth: { authorization: string };
}

let counter = 0;

/** Registers a user through the API and marks the e-mail verified unless told otherwise. */
export async function buildUser(
  app: FastifyInstance,
  opts: { username?: string; email?: string; password?: string; verified?: boolean; coins?: number } = {},
): Promise<BuiltUser> {
  counter += 1;
  const suffix = `${counter}${randomBytes(3).toString('hex')}`;
  const password = opts.password ?? 'correct-horse';
  const body = {
    email: opts.email ?? `user${suffix}@example.com`,
    username: opts.username ?? `user${suffix}`,
    password,
    confirmPassword: password,
  };
  // Each built user comes from its own address so the per-IP sign-up limit does not trip fixtures.
  const remoteAddress = `10.${counter % 250}.${(counter >> 8) % 250}.${1 + (counter % 200)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: await csrfHeaders(app),
    payload: body,
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const auth = res.json() as AuthResponse;
  if (opts.verified !== false) await app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, auth.user.id));
  if (opts.coins)
    await app.ctx.services.ledger.credit({ userId: auth.user.id, amount: opts.coins, reason: 'test', idempotencyKey: `test-${suffix}` });
  return { ...auth, password, auth: { authorization: `Bearer ${auth.accessToken}` } };
}

/** The newest message sent to an address, and the first link in it. */
export async function lastMailTo(app: FastifyInstance, to: string): Promise<{ subject: string; text: string; link: string }> {
  const [m] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  if (!m) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(m.text)?.[0];
  if (!link) throw new Error('mail has no link');
  return { subject: m.subject, text: m.text, link };
}

export function tokenFromLink(link: string, param: string): string {
  const v = new URL(link).searchParams.get(param);
  if (!v) throw new Error(`link has no ${param}`);
  return v;
}
