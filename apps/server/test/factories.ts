// Factories for route tests: real HTTP semantics through app.inject, no shortcuts around the API
// except where a test needs a precondition the API only reaches through e-mail (verification) or money (coins).
import { randomBytes } from 'node:crypto';
import { RATING_PRIOR } from '../src/modules/ratings/ratings.service.ts';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@reverie/shared';
import type { TestApp } from './helpers.ts';

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

/** A name no other test in this process uses, so tests never depend on each other's accounts. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

/** Registers a user through the API and marks the e-mail verified unless told otherwise. */
export async function buildUser(
  t: TestApp,
  opts: { username?: string; email?: string; password?: string; verified?: boolean; coins?: number } = {},
): Promise<BuiltUser> {
  const name = uniqueName();
  const password = opts.password ?? 'correct-horse';
  const body = {
    email: opts.email ?? `${name}@example.com`,
    username: opts.username ?? name,
    password,
    confirmPassword: password,
  };
  // Each built user comes from its own address so the per-IP sign-up limit does not trip fixtures.
  const remoteAddress = `10.${counter % 250}.${(counter >> 8) % 250}.${1 + (counter % 200)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: await csrfHeaders(t.app),
    payload: body,
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const auth = res.json() as AuthResponse;
  if (opts.verified !== false) await t.deps.uow.repos.users.update(auth.user.id, { emailVerifiedAt: new Date() });
  if (opts.coins) {
    await t.modules.billing.services.ledger.credit({
      userId: auth.user.id,
      amount: opts.coins,
      reason: 'test',
      idempotencyKey: `test-${name}`,
    });
  }
  return { ...auth, password, auth: { authorization: `Bearer ${auth.accessToken}` } };
}

/** The newest message sent to an address, and the first link in it. */
export async function lastMailTo(t: TestApp, to: string): Promise<{ subject: string; text: string; link: string }> {
  // Reset and resend mail is sent after the reply.
  await t.deps.background.drain();
  const m = await t.deps.uow.repos.mailOutbox.latestTo(to);
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

export interface BuildCharacterOptions {
  name?: string;
  tagline?: string;
  description?: string;
  tags?: string[];
  nsfw?: boolean;
  visibility?: 'public' | 'unlisted' | 'private';
  likes?: number;
  rating?: number;
  ratingCount?: number;
  createdAt?: Date;
  premium?: boolean;
  greeting?: string;
  alternateGreetings?: string[];
  /** The card's own system prompt (replaces the default instructions). */
  systemPrompt?: string;
}

/**
 * A character owned by `owner`, written through the repository (the create endpoint belongs to the next issue).
 * Defaults: public, SFW, a unique name, tags female + fantasy + sfw.
 */
export async function buildCharacter(t: TestApp, owner: { user: { id: string } }, opts: BuildCharacterOptions = {}) {
  const { characters } = t.deps.uow.repos;
  const nsfw = opts.nsfw ?? false;
  const tags = opts.tags ?? ['female', 'fantasy', nsfw ? 'nsfw' : 'sfw'];
  const row = await characters.insert({
    creatorId: owner.user.id,
    name: opts.name ?? uniqueName('Character '),
    tagline: opts.tagline ?? 'A test character',
    description: opts.description ?? 'Written by a test.',
    greeting: opts.greeting ?? 'Hello there.',
    alternateGreetings: opts.alternateGreetings ?? [],
    ...(opts.systemPrompt ? { systemPrompt: opts.systemPrompt } : {}),
    premium: opts.premium ?? false,
    tagNames: tags,
    nsfw,
    visibility: opts.visibility ?? 'public',
    likesCount: opts.likes ?? 0,
    rating: opts.rating ?? 0,
    ratingCount: opts.ratingCount ?? 0,
    // As the ratings service would keep it for that average and count.
    ratingScore: opts.ratingCount
      ? (RATING_PRIOR.mean * RATING_PRIOR.weight + (opts.rating ?? 0) * opts.ratingCount) / (RATING_PRIOR.weight + opts.ratingCount)
      : 0,
    ...(opts.createdAt ? { createdAt: opts.createdAt, updatedAt: opts.createdAt } : {}),
  });
  if (!row) throw new Error('character insert failed');
  await characters.setTags(row.id, tags);
  return row;
}

/**
 * Many signed-in users at once, for concurrency tests: rows written directly and access tokens minted, skipping
 * sign-up's password hashing (which would dominate a 50-user test). Use buildUser when the account flow matters.
 */
export async function buildUsersQuick(t: TestApp, n: number): Promise<Array<{ user: { id: string }; auth: { authorization: string } }>> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const name = uniqueName('quick');
    const row = await t.deps.uow.repos.users.create({ username: name, email: `${name}@example.com`, emailVerifiedAt: new Date() });
    // A real session: access tokens are refused unless their session is signed in.
    const { accessToken } = await t.modules.auth.services.sessions.start(row);
    out.push({ user: { id: row.id }, auth: { authorization: `Bearer ${accessToken}` } });
  }
  return out;
}
