// Test factory: a real app on a fresh database per call — PGlite in memory by default,
// a throwaway PostgreSQL database when DATABASE_URL is set, Redis when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { composeApp, type AppModules, type AppOverrides } from '../src/app.ts';
import type { AppDeps } from '../src/deps.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { loadCatalog } from '../src/modules/billing/catalog.ts';
import { forgetRedisKeys } from './redis-keys.ts';
import { tinyModelPath } from './tiny-model.ts';

/**
 * A billing catalogue for a test (`BILLING_CATALOG_FILE`): the built-in one with `chatMessage` coins a reply and
 * `dailyFreeMessages` free messages a day, on every plan or on the free plan only.
 */
export async function catalogFile(
  name: string,
  o: { chatMessage: number; dailyFreeMessages: number; plans?: 'all' | 'free' },
): Promise<string> {
  const catalog = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-${name}-catalog-${process.pid}.json`);
  const changed = (id: string) => (o.plans ?? 'all') === 'all' || id === 'free';
  await writeFile(
    file,
    JSON.stringify({
      costs: { ...catalog.costs, chatMessage: o.chatMessage },
      plans: catalog.plans.map((p) =>
        changed(p.id) ? { ...p, permissions: { ...p.permissions, dailyFreeMessages: o.dailyFreeMessages } } : p,
      ),
    }),
  );
  return file;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** What the composition root built: services and repositories for preconditions and checks. */
  deps: AppDeps;
  modules: AppModules;
  close(): Promise<void>;
}

/** A throwaway database next to `baseUrl` (the test server's), dropped with `drop()`. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const here = path.dirname(new URL(import.meta.url).pathname);
/** Everything the template's content depends on: the migrations, the seed code and the data it seeds from. */
const templateInputs = [
  { dir: path.join(here, '../src/db/migrations'), ext: '.sql' },
  { dir: path.join(here, '../src/db/seed'), ext: '.ts' },
  { dir: path.join(here, '../../../packages/shared/src'), ext: 'constants.ts' },
];

/**
 * PGlite's initdb costs seconds per database; a migrated and seeded data directory dump loads in well under one.
 * The dump is cached in the OS temp dir, keyed by the content of its inputs, and shared by all test workers.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const { dir, ext } of templateInputs) {
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(ext)).sort();
    for (const f of files) hash.update(f).update(await readFile(path.join(dir, f)));
  }
  const file = path.join(os.tmpdir(), `reverie-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const { openDatabase } = await import('../src/db/client.ts');
    const { seedTags } = await import('../src/db/seed/tags.ts');
    const db = await openDatabase({ kind: 'pglite-memory' });
    await seedTags(db.db);
    const dump = await db.dump!();
    await db.close();
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file);
    return dump;
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Runs before ready(): the place to add scratch routes. */
  beforeReady?: (app: FastifyInstance) => void,
  /** Provider seams (a slow mailer, a log stream). */
  overrides: Omit<AppOverrides, 'pgliteTemplate'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-test-'));
  const baseDbUrl = process.env.DATABASE_URL;
  // env.DATABASE_URL: the caller's own database (several apps on one database), left for the caller to drop.
  const pgDb = !env.DATABASE_URL && baseDbUrl?.startsWith('postgres') ? await createPostgresDatabase(baseDbUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? 'memory://',
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_PREFIX: `test:${randomUUID()}:`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    // Chat runs real llama.cpp inference on the self-made tiny GGUF (loaded only by tests that chat).
    LLM_MODEL_PATH: tinyModelPath(1),
    LLM_CONTEXT_SIZE: '1024',
    LLM_THREADS: '1',
    LLM_GPU: 'false',
    // No embedding model unless a test gives one (the default downloads ~330 MB); recall then works by words.
    EMBEDDING_PROVIDER: 'off',
    // No voice engines unless a test gives them (the default, embedded, downloads ~160 MB of models on first use).
    SPEECH_PROVIDER: 'off',
    TRANSCRIPTION_PROVIDER: 'off',
    // No image backend unless a test points one at a local peer (the default, AI Horde, is on the internet).
    IMAGES_PROVIDER: 'disabled',
    ...env,
  });
  const onPglite = config.database.kind === 'pglite-memory';
  // Sweeps and sandbox renewals run when a test calls them (on its own clock), as before they were a job of the app.
  const seams = { manualSchedules: true, ...overrides };
  const { app, deps, modules } = await composeApp(config, onPglite ? { ...seams, pgliteTemplate: await pgliteTemplate() } : seams);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    deps,
    modules,
    async close() {
      await app.close();
      await pgDb?.drop();
      // Only under a prefix made here (a caller's own REDIS_PREFIX may be another app's, still running).
      if (config.redisUrl && !env.REDIS_PREFIX) await forgetRedisKeys(config.redisUrl, config.redisPrefix);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
