// Test factory: a real app on a fresh database per call — PGlite in memory by default,
// a throwaway PostgreSQL database when DATABASE_URL is set, Redis when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
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

export async function createTestApp(
  env: Record<string, string> = {},
  /** Runs before ready(): the place to add scratch routes. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-test-'));
  const baseDbUrl = process.env.DATABASE_URL;
  const pgDb = baseDbUrl?.startsWith('postgres') ? await createPostgresDatabase(baseDbUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? 'memory://',
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_PREFIX: `test:${randomUUID()}:`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    ...env,
  });
  const app = await buildApp(config);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
