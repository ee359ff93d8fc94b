import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { uniqueName } from '../../test/factories.ts';
import { createUnitOfWork } from './unit-of-work.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => {
  const name = uniqueName('uow');
  return { email: `${name}@example.com`, username: name };
};

describe('uow.run', () => {
  it('commits what the function wrote and returns its result', async () => {
    const { uow } = t.deps;
    const created = await uow.run(({ users }) => users.create(newUser()));
    expect((await uow.repos.users.findById(created.id))?.username).toBe(created.username);
  });

  it('rolls everything back when the function throws', async () => {
    const { uow } = t.deps;
    const values = newUser();
    await expect(
      uow.run(async ({ users }) => {
        await users.create(values);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await uow.repos.users.findByUsername(values.username)).toBeUndefined();
  });

  it('lets a service that opens its own run join the caller’s transaction (and roll back with it)', async () => {
    const { uow } = t.deps;
    const { ledger } = t.modules.billing.services;
    const values = newUser();
    let userId = '';
    await expect(
      uow.run(async ({ users }) => {
        userId = (await users.create(values)).id;
        await ledger.credit({ userId, amount: 15, reason: 'test', idempotencyKey: `uow-${userId}` });
        // Inside the run the ledger's movement is visible…
        expect(await ledger.balance(userId)).toBe(15);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // …and after the rollback neither the account nor the coins exist.
    expect(await uow.repos.users.findById(userId)).toBeUndefined();
    expect(await ledger.history(userId)).toEqual([]);
  });

  it('hands out the transaction-bound repositories through uow.repos inside a run', async () => {
    const { uow } = t.deps;
    const outside = uow.repos;
    await uow.run(async (repos) => {
      expect(uow.repos).toBe(repos);
      expect(repos).not.toBe(outside);
    });
    expect(uow.repos).toBe(outside);
  });
});

describe('the scope of overlapping runs', () => {
  // A database whose transactions overlap freely (as PostgreSQL's do; PGlite runs one at a time).
  const fakeDb = { transaction: <T>(fn: (tx: object) => Promise<T>) => fn({ tx: true }) } as unknown as Parameters<
    typeof createUnitOfWork
  >[0];
  const deferred = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };

  it('keeps a run’s repositories after another run ends, and the pool’s after the last one', async () => {
    const uow = createUnitOfWork(fakeDb, (db) => ({ db }));
    const root = uow.repos;
    const [aMayEnd, bMayGoOn] = [deferred(), deferred()];
    const a = uow.run(async (repos) => {
      await aMayEnd.opened;
      return repos;
    });
    let seenInB: unknown;
    const b = uow.run(async (repos) => {
      await bMayGoOn.opened;
      seenInB = uow.repos === repos;
      // A continuation of B that outlives it (not awaited) asks later.
      void Promise.resolve().then(async () => {
        await lateAsk.opened;
        lateRepos = uow.repos;
      });
    });
    const lateAsk = deferred();
    let lateRepos: unknown;
    aMayEnd.open();
    expect(await a).not.toBe(root);
    bMayGoOn.open();
    await b;
    expect(seenInB).toBe(true);
    // Once no transaction is open, nothing reads a committed one's repositories.
    lateAsk.open();
    await new Promise((r) => setTimeout(r, 0));
    expect(lateRepos).toBe(root);
    expect(uow.repos).toBe(root);
    // And the next run has its scope again.
    await uow.run(async (repos) => expect(uow.repos).toBe(repos));
  });
});
