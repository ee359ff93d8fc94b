// The session condition (`isFamilyActive`) for every state a session can be in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { uniqueName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a session is signed in', () => {
  it('active, revoked, expired, unknown', async () => {
    const name = uniqueName('fam');
    const user = await t.deps.uow.repos.users.create({ username: name, email: `${name}@example.com` });
    const sessions = t.deps.uow.repos.sessions;
    const hour = 3_600_000;
    const family = async (expiresInMs: number) => {
      const familyId = randomUUID();
      await sessions.insert({ userId: user.id, familyId, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + expiresInMs) });
      return familyId;
    };
    const active = await family(hour);
    const revoked = await family(hour);
    await sessions.revokeFamily(revoked);
    const expired = await family(-hour);
    const unknown = randomUUID();
    const expected = { active: true, revoked: false, expired: false, unknown: false };
    for (const [state, familyId] of Object.entries({ active, revoked, expired, unknown })) {
      const want = expected[state as keyof typeof expected];
      expect({ state, lookup: await sessions.isFamilyActive(familyId) }).toEqual({ state, lookup: want });
    }
  });
});
