import { inspectorEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../http/route.ts';
import { authOf } from '../../../plugins/authenticate.ts';
import { toInspectionResponse, toRebuiltPrompt } from './inspector.mapper.ts';
import type { Inspector } from './inspector.service.ts';

export function inspectorRoutes(inspector: Inspector): FastifyPluginAsync {
  return async (app) => {
    route(app, api.inspection, async (req) =>
      toInspectionResponse(await inspector.inspection(authOf(req), req.params.messageId, req.query.swipe)),
    );
    route(app, api.prompt, async (req) => toRebuiltPrompt(await inspector.rebuild(authOf(req), req.params.messageId, req.query.swipe)));
    route(app, api.toggleLore, async (req) => ({
      disabled: await inspector.toggleLore(authOf(req), req.params.id, req.body.entryId, req.body.enabled),
    }));
  };
}
