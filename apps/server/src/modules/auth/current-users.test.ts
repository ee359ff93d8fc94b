import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repo.ts';
import { CurrentUsers } from './current-users.ts';

const row = (coins: number) => ({ id: 'u1', coins }) as unknown as UserRow;

/** A database stand-in whose reads finish when the test says so. */
function slowDatabase() {
  let coins = 1;
  const pending: Array<() => void> = [];
  let reads = 0;
  return {
    load: (_id: string) => {
      reads++;
      const answer = row(coins);
      return new Promise<UserRow>((resolve) => pending.push(() => resolve(answer)));
    },
    set: (c: number) => (coins = c),
    finish: () => pending.splice(0).forEach((f) => f()),
    get reads() {
      return reads;
    },
  };
}

describe('CurrentUsers', () => {
  it('reads the database once while it listens, and again after the row changed', async () => {
    const db = slowDatabase();
    const users = new CurrentUsers(db.load);
    users.listening(true);
    const first = users.get('u1');
    db.finish();
    expect((await first)?.coins).toBe(1);
    expect((await users.get('u1'))?.coins).toBe(1);
    expect(db.reads).toBe(1);
    db.set(2);
    users.changed('u1');
    const again = users.get('u1');
    db.finish();
    expect((await again)?.coins).toBe(2);
    expect(db.reads).toBe(2);
  });

  it('does not keep a row that changed while it was read', async () => {
    const db = slowDatabase();
    const users = new CurrentUsers(db.load);
    users.listening(true);
    const reading = users.get('u1');
    db.set(5);
    users.changed('u1');
    db.finish();
    expect((await reading)?.coins).toBe(1);
    const next = users.get('u1');
    db.finish();
    expect((await next)?.coins).toBe(5);
    expect(db.reads).toBe(2);
  });

  it('keeps nothing while it cannot hear changes, and forgets what it kept when the connection drops', async () => {
    const db = slowDatabase();
    const users = new CurrentUsers(db.load);
    const read = async () => {
      const p = users.get('u1');
      db.finish();
      return (await p)?.coins;
    };
    await read();
    await read();
    expect(db.reads).toBe(2);
    users.listening(true);
    await read();
    await read();
    expect(db.reads).toBe(3);
    users.listening(false);
    db.set(9);
    expect(await read()).toBe(9);
    expect(db.reads).toBe(4);
  });

  it('ends an entry after a minute even without a notification', async () => {
    const db = slowDatabase();
    let now = 0;
    const users = new CurrentUsers(db.load, () => now);
    users.listening(true);
    const p = users.get('u1');
    db.finish();
    await p;
    now = 61_000;
    const q = users.get('u1');
    db.finish();
    await q;
    expect(db.reads).toBe(2);
  });
});
