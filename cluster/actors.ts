// People using the cluster: each signs up from a loopback address of their own (so the proxy sees one client per
// person) and keeps their tokens.
import { randomBytes } from 'node:crypto';
import { api, type AuthResponse } from '@reverie/shared';
import { Client, type Target } from './client.ts';

let addresses = 0;
/** A loopback address no other client of this run uses (127.1.x.y). */
export function nextAddress(): string {
  addresses += 1;
  return `127.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

export interface Person {
  client: Client;
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function signUp(via: Target, prefix = 'member'): Promise<Person> {
  const client = new Client(nextAddress());
  const username = `${prefix}${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.com`;
  const password = 'cluster-secret-1';
  const auth: AuthResponse = await client.ok(via, api.auth.register, { body: { email, username, password } });
  return { client, id: auth.user.id, username, email, password, token: auth.accessToken, refreshToken: auth.refreshToken };
}

/** Coins through the sandbox card processor (one Idempotency-Key per purchase, as a client retrying would keep). */
export async function buyCoins(p: Person, via: Target, amount: number, key = `coins-${randomBytes(6).toString('hex')}`) {
  return p.client.ok(via, api.billing.addCoins, { body: { amount }, token: p.token, headers: { 'idempotency-key': key } });
}

export async function balance(p: Person, via: Target): Promise<number> {
  return (await p.client.ok(via, api.auth.me, { token: p.token })).coins;
}

/** A public character owned by `p`. */
export async function createCharacter(p: Person, via: Target, name: string) {
  return p.client.ok(via, api.characters.create, {
    token: p.token,
    body: {
      name,
      tagline: 'A character of the cluster tier',
      description: 'She keeps the lighthouse on the northern cliffs and talks to every ship that passes.',
      greeting: 'The lamp is lit. Who goes there?',
      tags: ['female', 'fantasy', 'sfw'],
      visibility: 'public',
    },
  });
}

/** Polls `check` every `everyMs` until it returns something truthy; fails after `withinMs`. Returns the ms it took. */
export async function within<T>(
  withinMs: number,
  check: () => Promise<T | undefined | false>,
  what: string,
  everyMs = 25,
): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    const ms = performance.now() - started;
    if (value) return { ms, value };
    if (ms > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
