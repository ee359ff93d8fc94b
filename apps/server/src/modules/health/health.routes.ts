import { healthEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { HealthService } from './health.service.ts';

export function healthRoutes(deps: { health: HealthService }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.check, async (_req, reply) => {
      const { healthy, body } = await deps.health.report();
      if (!healthy) reply.status(503);
      return body;
    });
  };
}
