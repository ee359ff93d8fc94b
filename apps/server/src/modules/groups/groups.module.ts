import { InFlightLimiter } from '../../lib/in-flight.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { ChatDeps } from '../chat/chat-deps.ts';
import type { Conversations } from '../chat/conversations.ts';
import type { ModelStatus } from '../chat/model-status.ts';
import type { Inspector } from '../chat/inspector/inspector.service.ts';
import type { ReplyWriter } from '../chat/reply-writer.ts';
import { GroupGeneration, type GroupsUnitOfWork } from './group-generation.ts';
import { groupShapes } from './group-inspection.ts';
import { groupsRoutes } from './groups.routes.ts';
import { GroupsService } from './groups.service.ts';

export function createGroupsModule(deps: {
  config: { redisPrefix: string };
  uow: GroupsUnitOfWork & ChatDeps['uow'];
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  /** The chat module's reply pipeline (chat.module.ts `services.pipeline`). */
  pipeline: { chat: ChatDeps; model: ModelStatus; writer: ReplyWriter; inspector: Inspector };
  conversations: Conversations;
}) {
  const { chat, model, writer, inspector } = deps.pipeline;
  inspector.shapeGroups(groupShapes(deps.uow));
  const groupSlots = new InFlightLimiter('chat-group', { redis: deps.redis, prefix: deps.config.redisPrefix });
  const services = {
    groups: new GroupsService({ ...chat, uow: deps.uow, conversations: deps.conversations }),
    generation: new GroupGeneration({ ...chat, uow: deps.uow, model, writer, groupSlots }),
  };
  return { services, routes: groupsRoutes({ ...services, rateLimiter: deps.rateLimiter }) };
}
