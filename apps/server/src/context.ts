import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Redis } from './lib/redis.ts';

/** A provider (LLM, images, mail, payments…) as the health check sees it. */
export interface ProviderHealth {
  name: string;
  kind: string;
  health(): Promise<{ status: 'ok' | 'down' | 'disabled'; detail?: string }>;
}

/** Everything a request handler may need, built once per app by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  providers: ProviderHealth[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
