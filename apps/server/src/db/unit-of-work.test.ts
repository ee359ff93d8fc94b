import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { uniqueName } from '../../test/factories.ts';

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
