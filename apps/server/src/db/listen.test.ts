// The listening connection on PostgreSQL (db/listen.ts): notifications arrive, and after the connection is lost the
// listener is told, reconnects and hears again. Runs with DATABASE_URL=postgres://…
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listenPostgres } from './listen.ts';

const URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.runIf(URL)('listenPostgres', () => {
  const admin = new pg.Client({ connectionString: URL });
  afterAll(() => admin.end());

  it('hears notifications, says when it is cut off, and listens again', async () => {
    await admin.connect();
    const channel = `listen_test_${process.pid}`;
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await listenPostgres(URL!, channel, { onNotify: (p) => heard.push(p), onState: (s) => states.push(s) }, { warn() {} });
    try {
      expect(states).toEqual([true]);
      await admin.query(`select pg_notify($1, 'one')`, [channel]);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['one']);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1`, [`LISTEN "${channel}"`]);
      await expect.poll(() => states, { timeout: 5000 }).toEqual([true, false, true]);
      await admin.query(`select pg_notify($1, 'two')`, [channel]);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['one', 'two']);
    } finally {
      await stop();
    }
    expect(states.at(-1)).toBe(false);
  });
});
