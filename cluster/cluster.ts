// Two real server processes started at the same moment on a fresh PostgreSQL database and one Redis, behind nginx,
// with a local OpenAI-compatible model server and a local Automatic1111-speaking image server.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { startSdApiPeer, type SdApiPeer } from '../apps/server/test/sdapi-peer.ts';
import { loadCatalog } from '../apps/server/src/modules/billing/catalog.ts';
import { findFreePort, startServer, type ServerProcess } from '../e2e/server-process.ts';
import { closeAgents, type Target } from './client.ts';
import { nginxPath, startNginx, type Nginx } from './nginx.ts';

export const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Cluster {
  a: ServerProcess;
  b: ServerProcess;
  /** nginx in front of both processes. */
  proxy: Target;
  /** nginx in front of process A alone (the one-process throughput figure). */
  single: Target;
  /** Each process directly. */
  direct: { a: Target; b: Target };
  nginx: Nginx;
  llm: OpenAiPeer;
  images: SdApiPeer;
  databaseUrl: string;
  dataDir: string;
  /** With `worker: true`: a third process, PROCESS_ROLE=worker, that nginx does not reach. */
  worker?: ServerProcess;
  /** Everything the processes were started with (to start another one later) and their Redis key prefix. */
  env: Record<string, string>;
  prefix: string;
  /** Coins per chat message and per picture (no free allowance, so every charge shows in the balance). */
  costs: { chat: number; image: number };
  /** Runs a query on the cluster's database. */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** Why the cluster cannot run here, or undefined when PostgreSQL, Redis and nginx are all there. */
export async function missingPrerequisite(): Promise<string | undefined> {
  if (!nginxPath) return 'nginx not found (apt-get install -y nginx, or set NGINX_PATH)';
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    return `PostgreSQL at ${databaseUrl} is not reachable (${(err as Error).message})`;
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis at ${redisUrl} is not reachable (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** A catalogue whose plans include no free messages or pictures. */
async function catalogFile(dir: string): Promise<string> {
  const catalog = loadCatalog(undefined);
  const file = path.join(dir, 'catalog.json');
  const plans = catalog.plans.map((p) => ({ ...p, permissions: { ...p.permissions, dailyFreeMessages: 0, monthlyFreeImages: 0 } }));
  await writeFile(file, JSON.stringify({ plans }));
  return file;
}

export interface ClusterOptions {
  /** PROCESS_ROLE of A and B (default `all` for both). */
  roles?: ['all' | 'web', 'all' | 'web'];
  /** Also start a worker process (PROCESS_ROLE=worker). */
  worker?: boolean;
  /** More settings for every process. */
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const id = randomBytes(4).toString('hex');
  const dbName = `reverie_cluster_${id}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const clusterDb = url.toString();
  const pool = new pg.Pool({ connectionString: clusterDb, max: 4 });
  // Both processes share one data folder: the same secrets (JWT, CSRF, media links) and the same media files.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-cluster-'));
  const prefix = `cluster:${id}:`;
  const [llm, images, proxyPort, singlePort] = await Promise.all([
    startOpenAiPeer(),
    startSdApiPeer({ kind: 'ok', durationMs: 1500 }),
    findFreePort(),
    findFreePort(),
  ]);
  const costs = { chat: 1, image: 5 };
  const env = {
    DATABASE_URL: clusterDb,
    DATABASE_POOL_SIZE: '8',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: '1',
    // The actors buy coins with the sandbox's free top-up, which production turns off by default.
    SANDBOX_TOP_UP: 'true',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'peer-model',
    LLM_RETRIES: '0',
    CHAT_IN_FLIGHT_PER_USER: '1',
    CHAT_PROGRESS_MS: '500',
    IMAGES_PROVIDER: 'sdapi',
    IMAGES_URL: images.url,
    IMAGES_CONCURRENCY: '1',
    BILLING_CATALOG_FILE: await catalogFile(dataDir),
    ...options.env,
  };
  const [roleA, roleB] = options.roles ?? ['all', 'all'];
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((err: unknown) => console.warn('cluster cleanup:', err));
  };
  stops.push(async () => {
    await pool.end();
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });
  stops.push(() => rm(dataDir, { recursive: true, force: true }));
  stops.push(() => dropRedisKeys(prefix));
  stops.push(
    () => llm.close(),
    () => images.close(),
  );
  stops.push(async () => closeAgents());
  try {
    // The same moment: neither waits for the other (they meet at the database's startup lock).
    const start = (role: string) => startServer({ env: { ...env, PROCESS_ROLE: role }, timeoutMs: 180_000 });
    const [a, b, worker] = await Promise.all([start(roleA), start(roleB), options.worker ? start('worker') : undefined]);
    stops.push(
      () => a.stop(),
      () => b.stop(),
      async () => worker?.stop(),
    );
    const nginx = await startNginx([
      { port: proxyPort, upstreams: [a.port, b.port] },
      { port: singlePort, upstreams: [a.port] },
    ]);
    stops.push(() => nginx.stop());
    return {
      a,
      b,
      proxy: { name: 'nginx', port: proxyPort },
      single: { name: 'nginx (A only)', port: singlePort },
      direct: { a: { name: 'A', port: a.port }, b: { name: 'B', port: b.port } },
      nginx,
      llm,
      images,
      databaseUrl: clusterDb,
      dataDir,
      worker,
      env,
      prefix,
      costs,
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function dropRedisKeys(prefix: string) {
  const redis = new Redis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
