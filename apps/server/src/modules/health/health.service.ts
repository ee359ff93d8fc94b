// Liveness and dependency status: the database, Redis, and every provider in the health registry.
import type { HealthResponse } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Redis } from '../../lib/redis.ts';
import type { HealthRegistry } from '../../providers/health.ts';

async function check(fn: () => Promise<unknown>): Promise<{ status: 'ok' | 'down'; detail?: string }> {
  try {
    await fn();
    return { status: 'ok' };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err) };
  }
}

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly deps: {
      config: Pick<Config, 'version'>;
      database: Pick<Database, 'ping' | 'driver'>;
      redis: Pick<Redis, 'ping'> | undefined;
      registry: HealthRegistry;
    },
  ) {}

  /**
   * `healthy` is false when the database or Redis is down; providers only report. The `detail` texts (backend
   * addresses, file paths, error messages) are for administrators: without `details` they are left out.
   */
  async report({ details = false }: { details?: boolean } = {}): Promise<{ healthy: boolean; body: HealthResponse }> {
    const { database, redis, registry, config } = this.deps;
    const db = await check(() => database.ping());
    const rd: { status: 'ok' | 'down' | 'disabled'; detail?: string } = redis ? await check(() => redis.ping()) : { status: 'disabled' };
    const providers: HealthResponse['providers'] = {};
    for (const p of registry.list()) providers[p.name] = { kind: p.kind, ...(await p.health()) };
    if (!details) for (const c of [db, rd, ...Object.values(providers)]) delete c.detail;
    const healthy = db.status !== 'down' && rd.status !== 'down';
    return {
      healthy,
      body: {
        status: healthy ? 'ok' : 'degraded',
        version: config.version,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
        database: { ...db, driver: database.driver },
        redis: rd,
        providers,
      },
    };
  }
}
