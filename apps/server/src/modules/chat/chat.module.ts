import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { BackgroundTasks } from '../../lib/background.ts';
import { InFlightLimiter } from '../../lib/in-flight.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { Locate } from '../../http/location.ts';
import type { ComplianceConfig } from '../moderation/compliance.config.ts';
import type { CrisisProtocol } from '../moderation/crisis.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { ChatDeps, ChatSettings, ChatUnitOfWork, RecallPort } from './chat-deps.ts';
import { branchRoutes } from './branches.routes.ts';
import { Branches } from './branches.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { chatRoutes } from './chat.routes.ts';
import { Conversations } from './conversations.ts';
import { MessageEdits } from './edit-message.ts';
import { FirstMessages, type FirstMessageHooks } from './first-messages.ts';
import { firstMessagesRoutes } from './first-messages.routes.ts';
import type { FirstMessagesRepo } from './first-messages.repo.ts';
import { Generation } from './generation.ts';
import { inspectorRoutes } from './inspector/inspector.routes.ts';
import { Inspector } from './inspector/inspector.service.ts';
import { ConversationMemory } from './memory.ts';
import { ModelStatus } from './model-status.ts';
import { ReplyRecovery } from './recovery.ts';
import { ReplyWriter } from './reply-writer.ts';
import type { ReplyReady } from './deliver-reply.ts';
import type { ReplyStops } from './reply-stops.ts';

export function createChatModule(deps: {
  config: { chat: ChatSettings; redisPrefix: string; compliance: ComplianceConfig };
  /** Where the request's person is (http/location.ts): the crisis resources' country. */
  locate: Locate;
  uow: ChatUnitOfWork & { repos: { firstMessages: FirstMessagesRepo } };
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  background: BackgroundTasks;
  llm: LlmProvider;
  moderation: ModerationService;
  crisis: CrisisProtocol;
  entitlements: EntitlementsService;
  ledger: LedgerService;
  plans: Plans;
  log: FastifyBaseLogger;
  /** What characters that write first ask of other modules (quiet hours, caps, the notice). */
  firstMessageHooks: FirstMessageHooks;
  recall?: RecallPort;
  /** Closes NSFW chats where age assurance is required and not done. */
  age: NsfwGate;
  /** The replies this process writes, and the user's Stop reaching them (app.ts makes it: it closes before the database). */
  stops: ReplyStops;
  /** A reply finished after its page was left: tell the user (the bell, a push). */
  replyReady: ReplyReady;
}) {
  const chat: ChatDeps = {
    uow: deps.uow,
    llm: deps.llm,
    moderation: deps.moderation,
    crisis: deps.crisis,
    entitlements: deps.entitlements,
    ledger: deps.ledger,
    plans: deps.plans,
    inFlight: new InFlightLimiter('chat', { redis: deps.redis, prefix: deps.config.redisPrefix }),
    background: deps.background,
    settings: deps.config.chat,
    recall: deps.recall,
  };
  const model = new ModelStatus(chat);
  const memory = new ConversationMemory(chat);
  const recovery = new ReplyRecovery(chat);
  const inspector = new Inspector(chat);
  const writer = new ReplyWriter({ ...chat, recovery, memory, inspector });
  const generation = new Generation({ ...chat, model, writer });
  const services = {
    conversations: new Conversations(chat),
    messages: new MessageEdits(chat),
    memory,
    model,
    recovery,
    generation,
    inspector,
    /** What group chats (modules/groups) plug into: the reply pipeline, with a group as its source. */
    pipeline: { chat, generation, inspector },
    /** A reply's delivery: the Stop that reaches it, and the notice when its page was left. */
    delivery: { stops: deps.stops, replyReady: deps.replyReady },
    branches: new Branches(chat),
    /** Characters that write first: a schedule (jobs.ts, 'first-messages'). */
    firstMessages: new FirstMessages({ ...chat, uow: deps.uow, generation, hooks: deps.firstMessageHooks, log: deps.log }),
  };
  const { rateLimiter, age, crisis: cards } = deps;
  const chatPlugin = chatRoutes({
    ...services,
    ...services.delivery,
    uow: deps.uow,
    rateLimiter,
    age,
    compliance: deps.config.compliance,
    locate: deps.locate,
    cards,
  });
  const routes: FastifyPluginAsync = async (app, opts) => {
    await chatPlugin(app, opts);
    await inspectorRoutes(inspector)(app, opts);
    await branchRoutes({ ...services, rateLimiter: deps.rateLimiter })(app, opts);
    await firstMessagesRoutes(services.firstMessages)(app, opts);
  };
  // Reply recovery runs as a job (jobs.ts, 'reply-recovery'); stopping also ends this process's progress saves.
  return { services, routes, stop: () => recovery.stop() };
}
