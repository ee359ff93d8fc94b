// GET/PUT /api/conversations/{id}/writes-first: "may message me" (first-messages.ts).
import { chatEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { FirstMessages } from './first-messages.ts';

export function firstMessagesRoutes(firstMessages: FirstMessages): FastifyPluginAsync {
  return async (app) => {
    route(app, api.writesFirst, async (req) => firstMessages.get(authOf(req), req.params.id));
    route(app, api.updateWritesFirst, async (req) => firstMessages.set(authOf(req), req.params.id, req.body));
  };
}
