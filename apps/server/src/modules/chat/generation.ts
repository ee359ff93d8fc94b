// The pipeline every reply goes through, one-to-one or in a group. The use case (send-message.ts, regenerate.ts,
// continue.ts, a group's "speak") says what the reply does and how it is charged; the source (one-to-one.ts,
// modules/groups/group-generation.ts) says how the conversation is read, who speaks, and what the prompt adds. Everything
// else is here, once for both: the refusals and their order, the limits, the cost, the request to the model, the
// stream and its policy check, the saving, the refunds, crash recovery and the inspector record (reply-writer.ts).
//
// prepare() does everything that can refuse the request with an ordinary HTTP error and saves what precedes the
// reply; the model is asked while the cost is settled, so the database's work hides behind the model's, and nothing
// reaches the client before both. The refusals come in this order (docs/group-chats.md "One pipeline"): the rate limit (429);
// the character or group (404); the conversation (404); the message asked for or the reply to rewrite (404, 409);
// the speaker (409, 400, 404: groups); access to the speaker (404, 403); a deleted speaker (409); an NSFW speaker
// where age assurance is required and not done (403 AGE_ASSURANCE_REQUIRED); the message's text
// (422); the persona's (422); the model not ready (503); the in-flight limit (429); the group's one reply at a time
// (409); a prompt that cannot fit (422); the cost (402).
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { HeldSlot } from '../../lib/in-flight.ts';
import { LlmUnavailableError } from '../../providers/llm/llm-provider.ts';
import { ageAssuranceRequired } from '../age/age-gate.ts';
import type { Entitlements } from '../billing/entitlements.service.ts';
import type { JournalMemoryUsed, Permissions } from '@reverie/shared';
import { checkCharacter } from './chat-access.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import { createConversation } from './conversations.ts';
import { crisisTurn } from './crisis-step.ts';
import { inspectionSource } from './inspector/inspection.ts';
import { askModel, buildPrompt, dropRequest, type QueueWatch } from './model-request.ts';
import type { ModelStatus } from './model-status.ts';
import { oneToOne, type OneToOne } from './one-to-one.ts';
import { checkPersona, promptUser } from './persona.ts';
import type { GenerationRequest, PreparedGeneration, ReplySource, ReplyUseCase, SourceRead } from './pipeline.types.ts';
import { journalFor, recalledLine, recallFor, recallQueryFor } from './recall-step.ts';
import { historyUpTo } from './regenerate.ts';
import type { ReplyToWrite, ReplyWriter } from './reply-writer.ts';
import { Undo } from './undo.ts';
import { withFields } from '../../lib/with-fields.ts';

export type PipelineDeps = ChatDeps & { model: ModelStatus; writer: ReplyWriter };

interface Limits {
  maxTokens: number;
  historyMessages: number;
  inFlight: number;
}

/** What passed the checks. */
interface Checked<R extends SourceRead> {
  read: R;
  speaker: ChatCharacter;
  found: ConversationRow | undefined;
  newest: ChatMessageRow[];
  target: ChatMessageRow | undefined;
  entitled: Pick<Entitlements, 'tier' | 'permissions'>;
  limits: Limits;
  slot: HeldSlot;
  /** The source's own lock, released when the reply ends. */
  releaseHold: () => Promise<void>;
  /** The journal's memories for the prompt, from the first read. */
  journal: JournalMemoryUsed[];
}

export class Generation {
  constructor(private readonly deps: PipelineDeps) {}

  async prepare<R extends SourceRead>(useCase: ReplyUseCase, source: ReplySource<R>, req: GenerationRequest): Promise<PreparedGeneration> {
    const undo = new Undo();
    try {
      const checked = await this.check(useCase, source, req, undo);
      return await this.start(useCase, source, req, checked, undo);
    } catch (err) {
      await undo.run();
      // The model went away between the readiness check and the request (a shutdown): 503 like any unready model.
      if (err instanceof LlmUnavailableError) throw new AppError(503, 'UNAVAILABLE', err.message);
      throw err;
    }
  }

  /** A reply in a one-to-one conversation (one-to-one.ts). */
  prepareOneToOne(useCase: ReplyUseCase, where: OneToOne, req: GenerationRequest): Promise<PreparedGeneration> {
    return this.prepare(useCase, oneToOne(this.deps, where), req);
  }

  /** Every refusal, in the order the header states; what it holds (slots, the source's lock) is added to `undo`. */
  private async check<R extends SourceRead>(useCase: ReplyUseCase, source: ReplySource<R>, req: GenerationRequest, undo: Undo) {
    const { actor } = req;
    const taking = this.deps.inFlight.take(actor.userId);
    undo.add(async () => (await taking).release());
    const recallQuery = recallQueryFor(this.deps, useCase.kind, req.content);
    const reading = source.read({ userId: actor.userId, limit: this.firstReadLength + 1, recallQuery });
    const rateLimit = Promise.resolve().then(req.rateLimit);
    const [, read, slot] = await inOrder([rateLimit, reading, taking] as const);
    const found = source.conversation(read, actor);
    if (!found && useCase.kind !== 'send') throw AppError.notFound('Conversation');
    const entitled = this.deps.entitlements.permissionsFrom(read.latestSubscription);
    const limits = this.limitsOf(entitled.permissions);
    const newest = found ? await this.history(read, found, req.messageId, limits.historyMessages) : read.newest;
    const target = useCase.target(newest, await this.hasUserMessage(source.group, found, newest, limits));
    const speaker = source.speaker(read, { actor, newest, target, content: req.content });
    await checkCharacter(this.deps, actor, speaker, { allowDeleted: true, entitled });
    if (speaker.deletedAt) throw AppError.conflict(source.deletedRefusal(speaker));
    if (speaker.nsfw && req.nsfwLocked && (await req.nsfwLocked())) throw ageAssuranceRequired();
    const checkedRead = { character: speaker, found, newest };
    useCase.check(this.deps, checkedRead, req);
    checkPersona(this.deps, read.persona, checkedRead, actor);
    await this.deps.model.ensureReady();
    if (slot.held > limits.inFlight) {
      const message = `You already have ${limits.inFlight} replies being written. Wait for one to finish, or stop it.`;
      throw new AppError(429, 'RATE_LIMITED', message, { headers: { 'retry-after': '2' } });
    }
    const releaseHold = source.hold ? await source.hold(read) : async () => {};
    undo.add(releaseHold);
    const journal = journalFor(this.deps, read.journal);
    return { read, speaker, found, newest, target, entitled, limits, slot, releaseHold, journal } satisfies Checked<R>;
  }

  /** Opens the conversation of a first message, builds the prompt, settles the cost and asks the model. */
  private async start<R extends SourceRead>(
    useCase: ReplyUseCase,
    source: ReplySource<R>,
    req: GenerationRequest,
    c: Checked<R>,
    undo: Undo,
  ): Promise<PreparedGeneration> {
    const { actor } = req;
    const { read, speaker, target, limits } = c;
    const { userName, persona } = promptUser(read);
    let { newest } = c;
    const conversation = c.found ?? (await createConversation(this.deps, actor, speaker, userName, { latest: true }));
    // A conversation opened just now (by a parallel first message, maybe) was not part of the first read.
    if (!c.found) newest = await this.deps.uow.repos.chat.messagesNewestFirst(conversation.id, limits.historyMessages + 1);
    const hasUserMessage = await this.hasUserMessage(source.group, conversation, newest, limits);
    // Built before anything is charged: a prompt that cannot fit is a 422 that costs nothing.
    const { kind } = useCase;
    const { history, card, stopNames } = source.prompt(read, {
      ...{ speaker, newest, kind, target, content: req.content, historyMessages: limits.historyMessages, userName, actor: req.actor },
    });
    const memory = conversation;
    // The crisis protocol: the reply to a message that expresses a crisis steps out of the role-play, however it is
    // written; a message sent now gets its card, kept with it (crisis-step.ts, docs/compliance.md).
    const crisis = await crisisTurn(this.deps, { kind, req, newest, target });
    // The full history read (not only what the source shows) is the window recall never repeats.
    // A message the character writes first has no new words of the user's (its content is the note that asks for it).
    const userWords = kind === 'send' ? req.content : undefined;
    // A reply regenerated in the middle (`messageId`) sees nothing after it: recall could bring the later messages back.
    const found = await recallFor(this.deps, {
      conversation: c.found,
      newest,
      content: userWords,
      middle: !!req.messageId,
      journal: c.journal,
      // Made for the first read's window: not for a longer one read since.
      wordHits: newest === read.newest ? read.wordHits : undefined,
    });
    const { passages: recalled, journal } = found;
    const names = { user: userName, character: source.group ? 'A character' : speaker.name };
    const prompt = await buildPrompt(this.deps.llm, {
      recalled: recalled.map((p) => recalledLine(p, names)),
      journal: journal.map((m) => m.text),
      character: speaker,
      userName,
      persona,
      memory,
      history,
      maxTokens: limits.maxTokens,
      card,
      stopNames,
      typed: kind === 'send' && Boolean(req.content?.trim()),
      crisis: crisis.stepOut,
    });
    const replyId = target?.id ?? randomUUID();
    const speakerId = source.group ? speaker.id : undefined;
    const progress = { id: randomUUID(), userId: actor.userId, replyId, chargeKey: `chat-${randomUUID()}`, speakerId };
    const personaId = read.persona?.persona.id ?? null;
    const charge = { kind, actor, character: speaker, conversation, content: req.content, personaId, newest, hasUserMessage, target };
    const charged = useCase.charge(this.deps, { ...charge, progress, entitled: c.entitled, crisisCard: crisis.card }, undo);
    charged.catch(() => {}); // awaited below, once the model has been asked
    const queue: QueueWatch = { position: 0 };
    const request = askModel(this.deps, prompt, queue);
    undo.add(() => dropRequest(request));
    const { userMessage, freeFor } = await charged;
    if (crisis.finding) this.deps.crisis.record(crisis.finding, req.country);
    const inspect = inspectionSource(kind, { prompt, history, userMessageId: userMessage?.id ?? null, recalled, journal });
    const reply = { kind, replyId, progressId: progress.id, target, conversation, character: speaker, speakerId, userName, actor };
    const write = withFields(reply, { chargeKey: progress.chargeKey, free: freeFor, request, inspect });
    return { speaker, userMessage, replyId, support: crisis.support, run: this.runner(write, queue, afterReplyOf(source, read), c) };
  }

  /**
   * The reply's run, made apart from `start` so that a streaming reply keeps only what writing it needs (what it
   * writes, the prompt for the inspector, its queue place, the source's after-work and the holds to release), not the
   * rows read for it.
   */
  private runner(
    write: Omit<ReplyToWrite, 'sink' | 'signal'>,
    queue: QueueWatch,
    afterReply: (() => Promise<void>) | undefined,
    holds: { releaseHold: () => Promise<void>; slot: HeldSlot },
  ): PreparedGeneration['run'] {
    const { releaseHold, slot } = holds;
    return (sink, signal) => {
      queue.sink = sink;
      if (queue.position > 0) sink.queue(queue.position);
      return this.deps.writer
        .write(withFields(write, { sink, signal }))
        .then(async (result) => {
          await afterReply?.().catch(() => {});
          return result;
        })
        .finally(() => {
          void releaseHold().catch(() => {});
          void slot.release().catch(() => {});
        });
    };
  }

  /** History the first read takes: the smallest plan's length (a longer plan reads again). */
  private get firstReadLength(): number {
    return Math.max(2, this.deps.plans.plan('free').permissions.memoryMessages);
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

  /**
   * The newest messages the plan lets the model see (plus one), newest first: the first read's, unless too short;
   * up to a reply named by id (a regenerate in the middle, issue #28).
   */
  private async history(read: SourceRead, conversation: ConversationRow, messageId: string | undefined, historyMessages: number) {
    if (messageId) return historyUpTo(this.deps, conversation.id, messageId, historyMessages);
    const complete = read.newest.length <= this.firstReadLength || historyMessages <= this.firstReadLength;
    if (complete) return read.newest;
    return this.deps.uow.repos.chat.messagesNewestFirst(conversation.id, historyMessages + 1);
  }

  /**
   * Whether the user wrote in the conversation (its greeting alone has no reply to regenerate; the first message
   * counts the chat). A group has no greeting, and its messages do not count as a chat with one character.
   */
  private async hasUserMessage(
    group: boolean,
    conversation: ConversationRow | undefined,
    newest: ChatMessageRow[],
    limits: Limits,
  ): Promise<boolean> {
    if (group || newest.some((m) => m.role === 'user')) return true;
    if (!conversation || newest.length <= limits.historyMessages) return false;
    return this.deps.uow.repos.chat.hasUserMessage(conversation.id);
  }
}

/** Awaits every promise (they run at once); the first rejection in list order is thrown, so refusals keep their order. */
async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The source's work after a reply (a group's turn order), holding the read only when there is some. */
function afterReplyOf<R extends SourceRead>(source: ReplySource<R>, read: R): (() => Promise<void>) | undefined {
  return source.afterReply && (() => source.afterReply!(read));
}
