// Writes of several repositories as one statement (combined-write.ts), on the test database (PGlite, or
// PostgreSQL with DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { uniqueName } from '../../test/factories.ts';
import { users } from './schema/index.ts';
import { combinedWrite, type WritePart } from './combined-write.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A part that adds coins to a user and answers the new balance. */
function addCoins(name: string, userId: string, amount: number): WritePart<number> {
  return {
    key: `add_coins_${name}`,
    build: (db) => ({
      ctes: [
        db.$with(`paid_${name}`, { coins: sql<number>`coins` }).as(sql`
          update ${users} set coins = coins + ${sql.placeholder(`${name}_amount`)}::int
          where id = ${sql.placeholder(`${name}_user`)}::uuid returning coins`),
      ],
      fields: { [`${name}Coins`]: sql`(select coins from ${sql.raw(`paid_${name}`)})` },
    }),
    values: { [`${name}_user`]: userId, [`${name}_amount`]: amount },
    decode: (row) => Number(row[`${name}Coins`]),
  };
}

async function newUser() {
  const name = uniqueName('parts');
  return t.deps.uow.repos.users.create({ username: name, email: `${name}@example.com` });
}

const coinsOf = async (id: string) =>
  (await t.deps.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, id)))[0]!.coins;

describe('combinedWrite', () => {
  it('runs every part in one statement and decodes each part’s answer', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const [first, second] = await combinedWrite(t.deps.database.db, [addCoins('a', a.id, 5), addCoins('b', b.id, 7)]);
    expect([first, second]).toEqual([5, 7]);
    expect([await coinsOf(a.id), await coinsOf(b.id)]).toEqual([5, 7]);
  });

  it('keeps none of the parts when one of them fails', async () => {
    const [a, b] = [await newUser(), await newUser()];
    // coins >= 0 is a constraint: the second part fails, so the first one's coins are not kept either.
    await expect(combinedWrite(t.deps.database.db, [addCoins('a', a.id, 5), addCoins('b', b.id, -1)])).rejects.toThrow();
    expect([await coinsOf(a.id), await coinsOf(b.id)]).toEqual([0, 0]);
  });

  it('commits asynchronously for that statement only', async () => {
    const a = await newUser();
    const [coins] = await combinedWrite(t.deps.database.db, [addCoins('a', a.id, 3)], { asyncCommit: true });
    expect(coins).toBe(3);
    const after = await t.deps.database.db.execute(sql`select current_setting('synchronous_commit') as setting`);
    expect((after as unknown as { rows: { setting: string }[] }).rows[0]!.setting).toBe('on');
  });

  it('refuses parts whose names collide', async () => {
    const a = await newUser();
    await expect(combinedWrite(t.deps.database.db, [addCoins('a', a.id, 1), addCoins('a', a.id, 1)])).rejects.toThrow(/collide|twice/);
  });
});
