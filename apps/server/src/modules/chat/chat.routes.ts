import { chatEndpoints as api, type ChatReply } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { Locate } from '../../http/location.ts';
import type { ComplianceConfig } from '../moderation/compliance.config.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';
import {
  toChatHistoryPage,
  toChatMemory,
  toChatMessage,
  toChatSession,
  toChatStatus,
  toConversationPage,
  toConversationSummary,
} from './chat.mapper.ts';
import { continueLastReply } from './continue.ts';
import type { Conversations } from './conversations.ts';
import type { MessageEdits } from './edit-message.ts';
import type { ChatUnitOfWork } from './chat-deps.ts';
import { deliverReply, type ReplyReady } from './deliver-reply.ts';
import type { ReplyStops } from './reply-stops.ts';
import { stopReply } from './stop-reply.ts';
import type { PreparedGeneration } from './pipeline.types.ts';
import type { Actor } from '../../lib/access.ts';
import type { Generation } from './generation.ts';
import type { ConversationMemory } from './memory.ts';
import type { ModelStatus } from './model-status.ts';
import type { ReplyRecovery } from './recovery.ts';
import { regenerateReply } from './regenerate.ts';
import { sendMessage } from './send-message.ts';

/** Generations per user a minute (on top of the in-flight limit): a person chats far slower than this. */
export const CHAT_RATE: RateLimitRule = { name: 'chat:user', limit: 30, windowMs: 60_000 };
/** The /test page's tiny chat, per address: anyone may run it, so it is kept rare. */
export const CHAT_TEST_RATE: RateLimitRule = { name: 'chat:test', limit: 6, windowMs: 60_000 };
/** Retry of a failed model start, per address: anyone may press it on /test, and a retry may start a download. */
export const CHAT_RETRY_RATE: RateLimitRule = { name: 'chat:retry', limit: 10, windowMs: 60_000 };
export interface ChatRouteDeps {
  conversations: Conversations;
  messages: MessageEdits;
  memory: ConversationMemory;
  model: ModelStatus;
  recovery: ReplyRecovery;
  generation: Generation;
  rateLimiter: RateLimiter;
  age: NsfwGate;
  /** The AI notice's interval (docs/compliance.md). */
  compliance: Pick<ComplianceConfig, 'aiNoticeMinutes'>;
  /** Where the person is (http/location.ts): their country picks the crisis resources. */
  locate: Locate;
  /** Shows a message's stored crisis card again. */
  cards: CrisisCards;
  uow: ChatUnitOfWork;
  stops: ReplyStops;
  replyReady: ReplyReady;
}

export function chatRoutes(deps: ChatRouteDeps): FastifyPluginAsync {
  const { conversations, messages, memory, model, generation, rateLimiter, age, compliance, locate, cards, stops } = deps;
  // The reply goes on when its page is left; once saved, the user is told where it waits.
  const deliver = (req: FastifyRequest, reply: FastifyReply, actor: Actor, characterId: string, gen: PreparedGeneration) =>
    deliverReply(req, reply, gen, {
      what: 'chat generation',
      stops,
      away: (message) =>
        deps.replyReady(actor.userId, {
          message,
          speakerName: gen.speaker.name,
          link: `/chat/${characterId}?conversation=${message.conversationId}`,
        }),
    }) as Promise<ChatReply>;
  const rateLimit = (userId: string) => rateLimiter.consume([{ rule: CHAT_RATE, key: userId }]);
  const byIp = (rule: RateLimitRule) => ({ onRequest: async (req: FastifyRequest) => rateLimiter.consume([{ rule, key: req.ip }]) });
  return async (app) => {
    const operator = (req: FastifyRequest) => req.auth?.role === 'admin';
    route(app, api.status, async (req) => toChatStatus(await model.state(), operator(req)));
    route(app, api.retryModel, byIp(CHAT_RETRY_RATE), async (req) => toChatStatus(await model.retry(), operator(req)));
    route(app, api.test, byIp(CHAT_TEST_RATE), async () => model.test());
    route(app, api.history, async (req) => toChatHistoryPage(await conversations.history(authOf(req), req.query), cards));
    route(app, api.session, async (req) => ({
      ...toChatSession(
        await conversations.open(authOf(req), req.params.characterId, req.query.conversationId, () => age.nsfwLocked(req)),
        cards,
      ),
      aiNoticeMinutes: compliance.aiNoticeMinutes,
    }));
    route(app, api.send, async (req, reply) => {
      const actor = authOf(req);
      const opts = { locked: () => age.nsfwLocked(req), country: locate(req)?.country };
      const gen = await sendMessage(generation, actor, req.params.characterId, req.body, () => rateLimit(actor.userId), opts);
      return deliver(req, reply, actor, req.params.characterId, gen);
    });
    route(app, api.regenerate, async (req, reply) => {
      const actor = authOf(req);
      const { conversationId, messageId } = req.body;
      const where = { characterId: req.params.characterId, conversationId };
      const gen = await generation.prepareOneToOne(regenerateReply, where, {
        ...{ actor, messageId, rateLimit: () => rateLimit(actor.userId), nsfwLocked: () => age.nsfwLocked(req) },
      });
      return deliver(req, reply, actor, req.params.characterId, gen);
    });
    route(app, api.continue, async (req, reply) => {
      const actor = authOf(req);
      const where = { characterId: req.params.characterId, conversationId: req.body.conversationId };
      const gen = await generation.prepareOneToOne(continueLastReply, where, {
        ...{ actor, rateLimit: () => rateLimit(actor.userId), nsfwLocked: () => age.nsfwLocked(req) },
      });
      return deliver(req, reply, actor, req.params.characterId, gen);
    });
    route(app, api.stopReply, async (req) => stopReply({ uow: deps.uow, stops }, authOf(req), req.params.replyId));
    route(app, api.editMessage, async (req) => {
      const { characterId, messageId } = req.params;
      return toChatMessage(await messages.edit(authOf(req), characterId, messageId, req.body, locate(req)?.country), cards);
    });
    route(app, api.deleteMessage, async (req) => {
      await messages.delete(authOf(req), req.params.characterId, req.params.messageId);
      return { success: true, message: 'Message deleted' };
    });
    route(app, api.characterConversations, async (req) => ({
      items: (await conversations.ofCharacter(authOf(req), req.params.characterId)).map(toConversationSummary),
    }));
    route(app, api.newConversation, async (req) => {
      const actor = authOf(req);
      await rateLimit(actor.userId);
      return toChatSession(await conversations.start(actor, req.params.characterId, () => age.nsfwLocked(req)), cards);
    });
    route(app, api.conversations, async (req) =>
      toConversationPage(await conversations.list(authOf(req), req.query.page, req.query.limit)),
    );
    route(app, api.deleteConversation, async (req) => {
      await conversations.delete(authOf(req), req.params.id);
      return { success: true, message: 'Conversation deleted' };
    });
    route(app, api.memory, async (req) => toChatMemory(await memory.read(authOf(req), req.params.id)));
    route(app, api.updateMemory, async (req) => toChatMemory(await memory.update(authOf(req), req.params.id, req.body)));
  };
}
