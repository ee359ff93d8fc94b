import { healthEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { StaffGate } from '../admin/staff.ts';
import { toHealthResponse } from './health.mapper.ts';
import type { HealthService } from './health.service.ts';

export function healthRoutes(deps: { health: HealthService; staff: StaffGate }): FastifyPluginAsync {
  const admins = { onRequest: deps.staff.perIp, preHandler: deps.staff.require('admin') };
  return async (app) => {
    route(app, api.check, async (_req, reply) => {
      const report = await deps.health.report();
      if (!report.healthy) reply.status(503);
      return toHealthResponse(report);
    });
    route(app, api.details, admins, async (_req, reply) => {
      const report = await deps.health.report();
      if (!report.healthy) reply.status(503);
      return toHealthResponse(report, { details: true });
    });
  };
}
