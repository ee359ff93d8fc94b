// Liveness and dependency status: the database, Redis, and every provider in the health registry.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Redis } from '../../lib/redis.ts';
import type { HealthRegistry } from '../../providers/health.ts';

export interface Check {
  status: 'ok' | 'down' | 'disabled';
  /** For administrators: backend addresses, file paths, error messages. */
  detail?: string;
}

/** The state of the process and what it depends on; `healthy` is false when the database or Redis is down. */
export interface HealthReport {
  healthy: boolean;
  version: string;
  uptimeMs: number;
  database: Check & { driver: Database['driver'] };
  redis: Check;
  providers: Record<string, Check & { kind: string }>;
}

async function check(fn: () => Promise<unknown>): Promise<Check> {
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

  /** Providers only report: their state never makes the process unhealthy. */
  async report(): Promise<HealthReport> {
    const { database, redis, registry, config } = this.deps;
    const db = await check(() => database.ping());
    const rd = redis ? await check(() => redis.ping()) : { status: 'disabled' as const };
    const providers: HealthReport['providers'] = {};
    for (const p of registry.list()) providers[p.name] = { kind: p.kind, ...(await p.health()) };
    return {
      healthy: db.status !== 'down' && rd.status !== 'down',
      version: config.version,
      uptimeMs: Date.now() - this.startedAt,
      database: { ...db, driver: database.driver },
      redis: rd,
      providers,
    };
  }
}
