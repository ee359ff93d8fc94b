// Several server processes on one PostgreSQL database: starting together on an empty database, and a rolling
// restart that brings a new migration while the old process serves. Migrations and seeding run one process at a
// time (an advisory lock). Needs DATABASE_URL=postgres://… (skipped otherwise).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildUser } from '../../test/factories.ts';

const BASE_URL = process.env.DATABASE_URL;
const POSTGRES = BASE_URL?.startsWith('postgres');
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c().catch(() => {});
});

let dataDir: string;

/** An empty database, and a data folder for the processes on it (they share their secrets, as deployed). */
async function freshDatabase(): Promise<string> {
  const db = await createPostgresDatabase(BASE_URL!);
  cleanup.push(() => db.drop());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-startup-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  return db.url;
}

async function start(url: string, env: Record<string, string> = {}, migrationsFolder?: string): Promise<TestApp> {
  const t = await createTestApp({ DATABASE_URL: url, DATA_DIR: dataDir, ...env }, undefined, migrationsFolder ? { migrationsFolder } : {});
  cleanup.push(() => t.close());
  return t;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The migrations folder plus one new migration (an added column), as the next release would ship it. */
async function withNewMigration(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-migrations-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  await cp(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_rolling_probe`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(path.join(dir, `${tag}.sql`), 'ALTER TABLE "users" ADD COLUMN "rolling_probe" text;');
  return dir;
}

const journalLength = async () =>
  (JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8')).entries as unknown[]).length;

describe.skipIf(!POSTGRES)('starting several processes on one PostgreSQL database', () => {
  it('three processes starting at the same moment on an empty database all start, and migrate and seed it once', async () => {
    const url = await freshDatabase();
    const env = { ADMIN_EMAILS: 'boss@example.com' };
    const apps = await Promise.all([start(url, env), start(url, env), start(url, env)]);

    const applied = await query<{ n: number }>(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe(await journalLength());
    const tags = await query<{ n: number; names: number }>(url, 'select count(*)::int as n, count(distinct name)::int as names from tags');
    expect(tags[0]!.n).toBeGreaterThan(50);
    expect(tags[0]!.n).toBe(tags[0]!.names);
    for (const t of apps) {
      const res = await t.app.inject({ method: 'GET', url: '/api/tags?limit=0' });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(tags[0]!.n);
    }
    // Each serves, and sees what the others write.
    const user = await buildUser(apps[0]!);
    const me = await apps[2]!.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.json().id).toBe(user.user.id);
  }, 120_000);

  it('a rolling restart: two new processes bring a migration while the old one serves, and the old one keeps serving', async () => {
    const url = await freshDatabase();
    const old = await start(url);
    const user = await buildUser(old);
    const me = () => old.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect((await me()).statusCode).toBe(200);

    // The old process keeps answering while the new release starts (two at once) and migrates.
    const next = await withNewMigration();
    let serving = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (serving) {
        statuses.push((await me()).statusCode);
        // GET /api/auth/me can answer from memory without any I/O: let the starting processes have the loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const [a, b] = await Promise.all([start(url, {}, next), start(url, {}, next)]).finally(() => (serving = false));
    await traffic;

    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const column = await query(
      url,
      `select 1 from information_schema.columns where table_name = 'users' and column_name = 'rolling_probe'`,
    );
    expect(column).toHaveLength(1);
    const applied = await query<{ n: number }>(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe((await journalLength()) + 1);
    // Old and new answer the same account; the old one's prepared statements survive the new column (its kept row is
    // dropped first, so it reads the row again).
    old.modules.auth.services.currentUsers.changed(user.user.id);
    for (const t of [old, a, b]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
      expect(res.json().username).toBe(user.user.username);
    }
    // The old process restarts with the new release: nothing left to migrate.
    await old.close();
    const restarted = await start(url, {}, next);
    expect((await restarted.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).statusCode).toBe(200);
  }, 120_000);
});
