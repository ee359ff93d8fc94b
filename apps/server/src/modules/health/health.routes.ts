import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@reverie/shared';

const startedAt = Date.now();

async function check(fn: () => Promise<unknown>): Promise<{ status: 'ok' | 'down'; detail?: string }> {
  try {
    await fn();
    return { status: 'ok' };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err) };
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and dependency status', response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const { database, redis, config, providers } = app.ctx;
      const db = await check(() => database.ping());
      const rd = redis ? await check(() => redis.ping()) : { status: 'disabled' as const };
      const providerStatus: HealthResponse['providers'] = {};
      for (const p of providers) providerStatus[p.name] = { kind: p.kind, ...(await p.health()) };
      const down = db.status === 'down' || rd.status === 'down';
      return reply.status(down ? 503 : 200).send({
        status: down ? 'degraded' : 'ok',
        version: config.version,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        database: { ...db, driver: database.driver },
        redis: rd,
        providers: providerStatus,
      });
    },
  );
};
