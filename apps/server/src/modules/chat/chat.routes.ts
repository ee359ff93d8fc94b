import { chatEndpoints as api, type ChatReply, type ErrorCode } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EventStream } from '../../http/event-stream.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf, sessionCheckOf } from '../../plugins/authenticate.ts';
import { generationError, type ChatGate, type ChatService, type PreparedGeneration } from './chat.service.ts';

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
  if (!wantsEventStream(request)) {
    try {
      const { message, stats } = await gen.run({ queue() {}, token() {} }, abort.signal);
      return { userMessage: gen.userMessage, reply: message, stats };
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
  events.send('start', { userMessage: gen.userMessage, replyId: gen.replyId });
  try {
    const { message, stats } = await gen.run(
      {
        queue: (position) => void events.send('queue', { position }),
        // A full socket buffer: the generation stops pulling from the model until the client has caught up.
        token: (text) => (events.send('token', { text }) ? undefined : events.writable()),
      },
      abort.signal,
    );
    events.send('done', { message, stats });
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

export function chatRoutes(deps: { chat: ChatService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { chat, rateLimiter } = deps;
  const limited = (userId: string) => rateLimiter.consume([{ rule: CHAT_RATE, key: userId }]);
  // A generation's gate: the session (checked beside the reads, see `sessionCheck: 'beside'`: the read statement
  // answers it unless this process knows already) and the rate limit; both run at once, and a refused session is
  // the answer even when the limit refuses too (ChatService.prepare).
  const gate = (req: Pick<FastifyRequest, 'sessionCheck'>, userId: string): ChatGate => ({
    familyId: req.sessionCheck?.familyId,
    session: (read) => sessionCheckOf(req, read),
    limit: () => limited(userId),
  });
  const beside = { sessionCheck: 'beside' } as const;
  return async (app) => {
    // Replies left half-written by a process that died are recovered from start-up on (ChatService.recoverStale).
    app.addHook('onReady', async () => chat.startRecovery());
    app.addHook('onClose', async () => chat.stopRecovery());
    route(app, api.status, async () => chat.status());
    route(app, api.retryModel, { onRequest: async (req) => rateLimiter.consume([{ rule: CHAT_RETRY_RATE, key: req.ip }]) }, async () =>
      chat.retryModel(),
    );
    route(app, api.test, { onRequest: async (req) => rateLimiter.consume([{ rule: CHAT_TEST_RATE, key: req.ip }]) }, async () =>
      chat.testModel(),
    );
    route(app, api.history, async (req) => chat.history(authOf(req), req.query));
    route(app, api.session, async (req) => chat.session(authOf(req), req.params.characterId, req.query.conversationId));
    route(app, api.send, beside, async (req, reply) => {
      const actor = authOf(req);
      const gen = await chat.prepare(actor, req.params.characterId, 'send', req.body, gate(req, actor.userId));
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.regenerate, beside, async (req, reply) => {
      const actor = authOf(req);
      const gen = await chat.prepare(actor, req.params.characterId, 'regenerate', req.body, gate(req, actor.userId));
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.continue, beside, async (req, reply) => {
      const actor = authOf(req);
      const gen = await chat.prepare(actor, req.params.characterId, 'continue', req.body, gate(req, actor.userId));
      return (await deliver(req, reply, gen)) as ChatReply;
    });
    route(app, api.editMessage, async (req) => chat.editMessage(authOf(req), req.params.characterId, req.params.messageId, req.body));
    route(app, api.deleteMessage, async (req) => chat.deleteMessage(authOf(req), req.params.characterId, req.params.messageId));
    route(app, api.characterConversations, async (req) => chat.characterConversations(authOf(req), req.params.characterId));
    route(app, api.newConversation, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return chat.newConversation(actor, req.params.characterId);
    });
    route(app, api.conversations, async (req) => chat.conversations(authOf(req), req.query.page, req.query.limit));
    route(app, api.deleteConversation, async (req) => chat.deleteConversation(authOf(req), req.params.id));
    route(app, api.memory, async (req) => chat.memory(authOf(req), req.params.id));
    route(app, api.updateMemory, async (req) => chat.updateMemory(authOf(req), req.params.id, req.body));
  };
}
