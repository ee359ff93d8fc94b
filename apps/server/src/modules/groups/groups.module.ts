import { InFlightLimiter } from '../../lib/in-flight.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { Locate } from '../../http/location.ts';
import type { ComplianceConfig } from '../moderation/compliance.config.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { ChatDeps } from '../chat/index.ts';
import type { Conversations } from '../chat/index.ts';
import type { Inspector } from '../chat/index.ts';
import type { Generation, ReplyReady, ReplyStops } from '../chat/index.ts';
import { GroupReplies, type GroupsUnitOfWork } from './group-generation.ts';
import { groupShapes } from './group-inspection.ts';
import { groupsRoutes } from './groups.routes.ts';
import { GroupsService } from './groups.service.ts';

export function createGroupsModule(deps: {
  config: { redisPrefix: string; compliance: ComplianceConfig };
  /** Where the request's person is (http/location.ts): the crisis resources' country. */
  locate: Locate;
  uow: GroupsUnitOfWork & ChatDeps['uow'];
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  /** The chat module's reply pipeline (chat.module.ts `services.pipeline`). */
  pipeline: { chat: ChatDeps; generation: Generation; inspector: Inspector };
  /** The chat module's delivery (`services.delivery`): the Stop that reaches a reply, the notice when its page was left. */
  delivery: { stops: ReplyStops; replyReady: ReplyReady };
  conversations: Conversations;
  age: NsfwGate;
}) {
  const { chat, generation, inspector } = deps.pipeline;
  inspector.shapeGroups(groupShapes(deps.uow));
  const groupSlots = new InFlightLimiter('chat-group', { redis: deps.redis, prefix: deps.config.redisPrefix });
  const services = {
    groups: new GroupsService({ ...chat, uow: deps.uow, conversations: deps.conversations }),
    generation: new GroupReplies({ uow: deps.uow, groupSlots, generation }),
  };
  const { rateLimiter, age } = deps;
  const routes = groupsRoutes({
    ...services,
    rateLimiter,
    age,
    compliance: deps.config.compliance,
    locate: deps.locate,
    cards: chat.crisis,
    ...deps.delivery,
  });
  return { services, routes };
}
