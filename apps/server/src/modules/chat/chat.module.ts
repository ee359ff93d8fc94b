import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { InFlightLimiter } from '../../lib/in-flight.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { LedgerService } from '../billing/billing.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { ChatRepo } from './chat.repo.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, type ChatSettings } from './chat.service.ts';

export function createChatModule(deps: {
  config: { chat: ChatSettings; redisPrefix: string };
  uow: UnitOfWork<{ chat: ChatRepo; characters: CharactersRepo; users: UsersRepo }>;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  background: BackgroundTasks;
  llm: LlmProvider;
  moderation: ModerationService;
  entitlements: EntitlementsService;
  ledger: LedgerService;
  plans: Plans;
}) {
  const inFlight = new InFlightLimiter('chat', { redis: deps.redis, prefix: deps.config.redisPrefix });
  const chat = new ChatService(deps.uow, {
    llm: deps.llm,
    moderation: deps.moderation,
    entitlements: deps.entitlements,
    ledger: deps.ledger,
    plans: deps.plans,
    inFlight,
    background: deps.background,
    settings: deps.config.chat,
  });
  return { services: { chat }, routes: chatRoutes({ chat, rateLimiter: deps.rateLimiter }) };
}
