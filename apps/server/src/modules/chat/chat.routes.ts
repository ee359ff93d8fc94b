import { chatEndpoints as api, type ChatReply, type ErrorCode } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EventStream } from '../../http/event-stream.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
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
import { generationError } from './generation-error.ts';
import type { Generation, PreparedGeneration } from './generation.ts';
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
/** Heartbeat comment on idle event streams, so proxies keep them open while the model queues or thinks. */
const HEARTBEAT_MS = 15_000;

function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/.test(request.headers.accept ?? '');
}

/**
 * Runs a prepared generation as server-sent events (start, queue, token…, done | error) or, for plain clients, as
 * one JSON answer. The client going away aborts the generation (the provider closes its upstream request).
 */
async function deliver(request: FastifyRequest, reply: FastifyReply, gen: PreparedGeneration): Promise<ChatReply | undefined> {
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort(new Error('client went away'));
  };
  reply.raw.on('close', onClose);
  const userMessage = gen.userMessage && toChatMessage(gen.userMessage);
  if (!wantsEventStream(request)) {
    try {
      const { message, stats } = await gen.run({ queue() {}, token() {} }, abort.signal);
      return { userMessage, reply: toChatMessage(message), stats };
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = generationError(err);
      if (e.status >= 500) request.log.warn({ err }, 'chat generation failed');
      throw new AppError(e.status, e.code as ErrorCode, e.message);
    } finally {
      reply.raw.off('close', onClose);
    }
  }
  reply.hijack();
  const events = new EventStream<typeof api.send.events>(reply.raw, {
    heartbeatMs: HEARTBEAT_MS,
    headers: { 'x-request-id': String(request.id), 'x-content-type-options': 'nosniff' },
  });
  events.send('start', { userMessage, replyId: gen.replyId });
  try {
    const { message, stats } = await gen.run(
      {
        queue: (position) => void events.send('queue', { position }),
        // A full socket buffer: the generation stops pulling from the model until the client has caught up.
        token: (text) => (events.send('token', { text }) ? undefined : events.writable()),
      },
      abort.signal,
    );
    events.send('done', { message: toChatMessage(message), stats });
  } catch (err) {
    const e = generationError(err);
    events.send('error', { code: e.code, message: e.message });
    if (e.status >= 500) request.log.warn({ err }, 'chat generation failed');
  } finally {
    reply.raw.off('close', onClose);
    events.end();
  }
  return undefined;
}

export function chatRoutes(deps: {
  conversations: Conversations;
  messages: MessageEdits;
  memory: ConversationMemory;
  model: ModelStatus;
  recovery: ReplyRecovery;
  generation: Generation;
  rateLimiter: RateLimiter;
}): FastifyPluginAsync {
  const { conversations, messages, memory, model, recovery, generation, rateLimiter } = deps;
  const rateLimit = (userId: string) => rateLimiter.consume([{ rule: CHAT_RATE, key: userId }]);
  const byIp = (rule: RateLimitRule) => ({ onRequest: async (req: FastifyRequest) => rateLimiter.consume([{ rule, key: req.ip }]) });
  return async (app) => {
    // Replies left half-written by a process that died are recovered from start-up on (recovery.ts).
    app.addHook('onReady', async () => recovery.start());
    app.addHook('onClose', async () => recovery.stop());
    route(app, api.status, async () => toChatStatus(await model.state()));
    route(app, api.retryModel, byIp(CHAT_RETRY_RATE), async () => toChatStatus(await model.retry()));
    route(app, api.test, byIp(CHAT_TEST_RATE), async () => model.test());
    route(app, api.history, async (req) => toChatHistoryPage(await conversations.history(authOf(req), req.query)));
    route(app, api.session, async (req) =>
      toChatSession(await conversations.open(authOf(req), req.params.characterId, req.query.conversationId)),
    );
    route(app, api.send, async (req, reply) => {
      const actor = authOf(req);
      const gen = await sendMessage(generation, actor, req.params.characterId, req.body, () => rateLimit(actor.userId));
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.regenerate, async (req, reply) => {
      const actor = authOf(req);
      const input = { actor, characterId: req.params.characterId, conversationId: req.body.conversationId };
      const gen = await generation.prepare(regenerateReply, { ...input, rateLimit: () => rateLimit(actor.userId) });
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.continue, async (req, reply) => {
      const actor = authOf(req);
      const input = { actor, characterId: req.params.characterId, conversationId: req.body.conversationId };
      const gen = await generation.prepare(continueLastReply, { ...input, rateLimit: () => rateLimit(actor.userId) });
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.editMessage, async (req) =>
      toChatMessage(await messages.edit(authOf(req), req.params.characterId, req.params.messageId, req.body)),
    );
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
      return toChatSession(await conversations.start(actor, req.params.characterId));
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
