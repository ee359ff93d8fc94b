// The pipeline every reply goes through (send-message.ts, regenerate.ts and continue.ts say what differs).
//
// prepare() does everything that can refuse the request with an ordinary HTTP error (access, membership, blocked
// text, the in-flight limit, the model not ready, a prompt that cannot fit, the cost) and saves what precedes the
// reply; the model is asked while the cost is settled, so the database's work hides behind the model's, and nothing
// reaches the client before both. run() then streams the reply (reply-writer.ts).
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HeldSlot } from '../../lib/in-flight.ts';
import { LlmUnavailableError } from '../../providers/llm/llm-provider.ts';
import type { Entitlements } from '../billing/entitlements.service.ts';
import type { Permissions } from '@reverie/shared';
import { checkCharacter } from './chat-access.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow, ShownMessageRow } from './chat.repo.ts';
import { createConversation } from './conversations.ts';
import { askModel, buildPrompt, dropRequest, promptHistory, type QueueWatch } from './model-request.ts';
import { checkPersona, promptUser } from './persona.ts';
import type { PromptPersona } from './prompt/index.ts';
import type { ModelStatus } from './model-status.ts';
import type { NewReplyProgress } from './reply-progress.repo.ts';
import type { GenerationResult, GenerationSink, ReplyWriter } from './reply-writer.ts';
import { historyUpTo } from './regenerate.ts';
import type { ReplyKind } from './save-reply.ts';
import { Undo } from './undo.ts';

export interface GenerationRequest {
  actor: Actor;
  characterId: string;
  conversationId?: string;
  /** The user's message (send only). */
  content?: string;
  /** The reply to regenerate when it is not the last message (regenerate only; issue #28). */
  messageId?: string;
  /** The per-user rate limit, checked beside the reads. */
  rateLimit: () => Promise<void>;
}

export interface PreparedGeneration {
  /** The user's message, saved (send only). */
  userMessage: ShownMessageRow | null;
  replyId: string;
  /** Streams the reply into `sink`; resolves with the saved reply. Rejects (after saving what it could) on failure. */
  run(sink: GenerationSink, signal: AbortSignal): Promise<GenerationResult>;
}

/** What the checks need from the reads. */
export interface CheckedRead {
  character: ChatCharacter;
  /** The conversation asked for, or the caller's latest with the character (none yet: a first message opens one). */
  found: ConversationRow | undefined;
  /** The conversation's newest messages, newest first. */
  newest: ChatMessageRow[];
}

/** What a use case's charge step gets. */
export interface ChargeInput {
  kind: ReplyKind;
  actor: Actor;
  character: ChatCharacter;
  conversation: ConversationRow;
  content: string | undefined;
  /** The persona in force (null: none): a user's message is written as it. */
  personaId: string | null;
  newest: ChatMessageRow[];
  hasUserMessage: boolean;
  target: ChatMessageRow | undefined;
  /** The reply's progress row (its id, the reply's id and the charge's idempotency key). */
  progress: NewReplyProgress;
  entitled: Pick<Entitlements, 'tier' | 'permissions'>;
}

export interface Charged {
  userMessage: ShownMessageRow | null;
  /** The message whose reply this one is, free because a crash left it without one. */
  freeFor: string | null;
}

/** What differs between sending a message, regenerating a reply and continuing one. */
export interface ReplyUseCase {
  kind: ReplyKind;
  /** Refusals that depend on what was read (send: the message passes the policy). */
  check(deps: ChatDeps, read: CheckedRead, request: GenerationRequest): void;
  /** The reply rewritten (regenerate, continue; 409 when there is none), or undefined for a new reply. */
  target(newest: ChatMessageRow[], hasUserMessage: boolean): ChatMessageRow | undefined;
  /** Settles the cost and saves what precedes the reply, all or nothing; adds to `undo` how to take it back. */
  charge(deps: ChatDeps, c: ChargeInput, undo: Undo): Promise<Charged>;
}

interface Read extends CheckedRead {
  entitled: Pick<Entitlements, 'tier' | 'permissions'>;
  userName: string;
  persona: PromptPersona | undefined;
  personaId: string | null;
  slot: HeldSlot;
}

interface Limits {
  maxTokens: number;
  historyMessages: number;
  inFlight: number;
}

export class Generation {
  constructor(private readonly deps: ChatDeps & { model: ModelStatus; writer: ReplyWriter }) {}

  async prepare(useCase: ReplyUseCase, req: GenerationRequest): Promise<PreparedGeneration> {
    const undo = new Undo();
    try {
      const read = await this.readAndCheck(useCase, req, undo);
      const limits = this.limitsOf(read.entitled.permissions);
      if (read.slot.held > limits.inFlight) {
        const message = `You already have ${limits.inFlight} replies being written. Wait for one to finish, or stop it.`;
        throw new AppError(429, 'RATE_LIMITED', message, { headers: { 'retry-after': '2' } });
      }
      const { actor } = req;
      const conversation = read.found ?? (await createConversation(this.deps, actor, read.character, read.userName, { latest: true }));
      const newest = req.messageId
        ? await historyUpTo(this.deps, conversation.id, req.messageId, limits.historyMessages)
        : await this.history(read, conversation, limits.historyMessages);
      const hasUserMessage =
        newest.some((m) => m.role === 'user') ||
        (newest.length > limits.historyMessages && (await this.deps.uow.repos.chat.hasUserMessage(conversation.id)));
      const target = useCase.target(newest, hasUserMessage);
      // Built before anything is charged: a prompt that cannot fit is a 422 that costs nothing.
      const history = promptHistory(newest, useCase.kind, target, req.content, limits.historyMessages);
      const { character, userName, persona } = read;
      const prompt = await buildPrompt(this.deps.llm, {
        character,
        userName,
        persona,
        memory: conversation,
        history,
        maxTokens: limits.maxTokens,
      });
      const replyId = target?.id ?? randomUUID();
      const progress = { id: randomUUID(), userId: actor.userId, replyId, chargeKey: `chat-${randomUUID()}` };
      const charge = {
        kind: useCase.kind,
        actor,
        character,
        conversation,
        content: req.content,
        personaId: read.personaId,
        newest,
        hasUserMessage,
        target,
      };
      const charged = useCase.charge(this.deps, { ...charge, progress, entitled: read.entitled }, undo);
      charged.catch(() => {}); // awaited below, once the model has been asked
      const queue: QueueWatch = { position: 0 };
      const request = askModel(this.deps, prompt, queue);
      undo.add(() => dropRequest(request));
      const { userMessage, freeFor } = await charged;
      return {
        userMessage,
        replyId,
        run: (sink, signal) => {
          queue.sink = sink;
          if (queue.position > 0) sink.queue(queue.position);
          const { chargeKey, id: progressId } = progress;
          const reply = { kind: useCase.kind, replyId, progressId, target, conversation, character, userName, actor, chargeKey };
          const inspect = { prompt, history, userMessageId: userMessage?.id ?? null };
          return this.deps.writer
            .write({ ...reply, free: freeFor, request, sink, signal, inspect })
            .finally(() => read.slot.release().catch(() => {}));
        },
      };
    } catch (err) {
      await undo.run();
      // The model went away between the readiness check and the request (a shutdown): 503 like any unready model.
      if (err instanceof LlmUnavailableError) throw new AppError(503, 'UNAVAILABLE', err.message);
      throw err;
    }
  }

  /** History the first read takes: the smallest plan's length (a longer plan reads again). */
  private get firstReadLength(): number {
    return Math.max(2, this.deps.plans.plan('free').permissions.memoryMessages);
  }

  /**
   * Everything the checks and the prompt need, read in one statement beside the rate limit and the in-flight slot;
   * a refusal is still chosen in this order (the rate limit, the character, the conversation).
   */
  private async readAndCheck(useCase: ReplyUseCase, req: GenerationRequest, undo: Undo): Promise<Read> {
    const { actor, characterId } = req;
    const slot = this.deps.inFlight.take(actor.userId);
    undo.add(async () => (await slot).release());
    const context = this.deps.uow.repos.chatContext.context({
      userId: actor.userId,
      characterId,
      conversationId: req.conversationId,
      limit: this.firstReadLength + 1,
    });
    const rateLimit = Promise.resolve().then(req.rateLimit);
    const [, ctx, heldSlot] = await inOrder([rateLimit, context, slot] as const);
    if (!ctx) throw AppError.notFound('Character');
    const { character, conversation: found, newest } = ctx;
    const entitled = this.deps.entitlements.permissionsFrom(ctx.latestSubscription);
    await checkCharacter(this.deps, actor, character, { allowDeleted: true, entitled });
    if (req.conversationId && (!found || found.userId !== actor.userId || found.characterId !== characterId || found.isGroup)) {
      throw AppError.notFound('Conversation');
    }
    if (character.deletedAt) {
      throw AppError.conflict('This character was deleted by its creator: the conversation can be read but not continued.');
    }
    useCase.check(this.deps, { character, found, newest }, req);
    checkPersona(this.deps, ctx.persona, { character, found, newest }, actor);
    await this.deps.model.ensureReady();
    return { character, found, newest, entitled, ...promptUser(ctx), personaId: ctx.persona?.persona.id ?? null, slot: heldSlot };
  }

  /**
   * The plan decides reply length, how much history the model sees and how many replies may run at once (never
   * fewer than CHAT_IN_FLIGHT_PER_USER); the deployment caps the reply length.
   */
  private limitsOf(permissions: Permissions): Limits {
    return {
      maxTokens: Math.min(this.deps.settings.maxTokens, permissions.maxReplyTokens),
      historyMessages: Math.max(2, permissions.memoryMessages),
      inFlight: Math.max(this.deps.settings.inFlightPerUser, permissions.maxConversationsInFlight),
    };
  }

  /** The newest messages the plan lets the model see (plus one), newest first: the first read's, unless too short. */
  private async history(read: Read, conversation: ConversationRow, historyMessages: number): Promise<ChatMessageRow[]> {
    // A conversation opened just now (by a parallel first message, maybe) was not part of the first read.
    const complete = read.newest.length <= this.firstReadLength || historyMessages <= this.firstReadLength;
    if (read.found && complete) return read.newest;
    return this.deps.uow.repos.chat.messagesNewestFirst(conversation.id, historyMessages + 1);
  }
}

/** Awaits every promise (they run at once); the first rejection in list order is thrown, so refusals keep their order. */
async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
