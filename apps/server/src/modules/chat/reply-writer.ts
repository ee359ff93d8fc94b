// Streams a reply from the model to the client and saves it once at the end: complete, incomplete (stopped or failed
// part-way, with what was generated) or blocked, refunding the cost when the user got nothing usable (a failure, a
// blocked reply, a stop before the first word).
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/access.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow } from './chat.repo.ts';
import type { GenerationNumbers, InspectionSource } from './inspector/inspection.ts';
import type { Inspector } from './inspector/inspector.service.ts';
import type { ConversationMemory } from './memory.ts';
import type { ModelRequest } from './model-request.ts';
import { conversationScope } from './moderation-scope.ts';
import type { GenerationResult, GenerationSink } from './pipeline.types.ts';
import { cleanReply } from './prompt/index.ts';
import type { ReplyRecovery } from './recovery.ts';
import { ReplyRelay } from './reply-relay.ts';
import { saveReply, type ReplyToSave } from './save-reply.ts';

/**
 * Streamed text is checked against the blocked-content policy before it reaches the client: every batch with the
 * CHECK_CONTEXT characters before it (cheap, so the first words go out at once), the whole reply every
 * FULL_CHECK_EVERY_BATCHES batches and at the end (the saved reply is always checked whole).
 */
const CHECK_CONTEXT = 600;
const FULL_CHECK_EVERY_BATCHES = 16;

export const BLOCKED_REPLY_NOTICE =
  'This reply was withheld because it broke the blocked-content policy. It was not charged. Try regenerating, or take the story another way.';

export interface ReplyToWrite extends Omit<ReplyToSave, 'read'> {
  actor: Actor;
  chargeKey: string;
  /** The message whose reply is free (owed after a crash): owed again when this reply comes to nothing. */
  free: string | null;
  request: ModelRequest;
  sink: GenerationSink;
  signal: AbortSignal;
  /** What the prompt was made of, recorded for the inspector with the reply (a new message) or once it is saved. */
  inspect?: InspectionSource;
}

export class ReplyWriter {
  /** Replies streaming in this process now (stretches the interval between batches). */
  private streaming = 0;

  constructor(
    private readonly deps: Pick<ChatDeps, 'uow' | 'moderation' | 'entitlements' | 'settings' | 'background' | 'recall'> & {
      recovery: ReplyRecovery;
      memory: ConversationMemory;
      inspector?: Inspector;
    },
  ) {}

  /** Streams the reply into the sink; resolves with the saved reply, rejects (after saving what it could) on failure. */
  async write(w: ReplyToWrite): Promise<GenerationResult> {
    const { stop } = w.request;
    const onAbort = () => stop.abort(w.signal.reason);
    if (w.signal.aborted) onAbort();
    else w.signal.addEventListener('abort', onAbort, { once: true });
    const allowed = this.policyCheck(w);
    const relay = new ReplyRelay({ intervalMs: () => this.batchInterval(), wholeEvery: FULL_CHECK_EVERY_BATCHES, stop, allowed });
    let failure: unknown;
    this.streaming++;
    this.deps.recovery.track(w.progressId, () => relay.sentText);
    try {
      await relay.run(w.request.first, w.request.stream, w.sink);
    } catch (err) {
      if (!stop.signal.aborted || (!w.signal.aborted && !relay.blocked)) failure = err;
    } finally {
      this.streaming--;
      this.deps.recovery.untrack(w.progressId);
      w.signal.removeEventListener('abort', onAbort);
    }
    // The saved reply is always checked whole.
    const text = relay.text;
    const blocked = relay.blocked || (text.trim() !== '' && !allowed(text, text.length, true));
    const ms = performance.now() - w.request.started;
    const { content, status, refund } = outcome(cleanReply(text, w.character.name), blocked, !!failure, w.signal.aborted);
    const release = () => this.deps.entitlements.release(w.actor.userId, 'chat', w.chargeKey).catch(() => {});
    if (refund) await release();
    // The conversation (or the reply) deleted while it streamed: nothing is kept, so nothing is charged (#47.10).
    const numbers = numbersOf(relay, w.request.started, ms);
    const inspection = () => w.inspect && this.deps.inspector?.entry({ ...w, inspect: w.inspect }, numbers);
    const savedReply = await saveReply(
      this.deps,
      { ...w, read: w.sink.present?.() !== false && w.kind !== 'first' },
      content,
      status,
      inspection,
    ).catch(async (err: unknown) => {
      if (!refund) await release();
      throw err;
    });
    const saved = savedReply?.message;
    if (!saved && !refund) await release();
    if (!saved) await this.nothingSaved(w);
    else {
      if (!savedReply.inspected) this.inspect(w, saved, numbers);
      // The reply (and the user's message before it) into the index of every message (modules/memory).
      this.deps.recall?.indexLater(w.conversation.id);
      // Every MEMORY_JOURNAL_EVERY saved replies, the journal's writer asks the model for new facts (modules/memory).
      if (status !== 'blocked') {
        const messages = savedReply?.messages;
        const at = messages === undefined ? undefined : { messages, mark: w.conversation.journalReplies };
        this.deps.recall?.journalLater(w.conversation.id, at);
      }
    }
    if (failure) throw failure;
    if (!saved) throw new AppError(409, 'CONFLICT', 'The reply was stopped before it began.');
    return { message: saved, stats: { tokens: relay.completionTokens || Math.ceil(text.length / 4), ms: Math.round(ms) } };
  }

  /** Whether the reply so far passes the policy (after the text it continues; per batch, with context before it). */
  private policyCheck(w: ReplyToWrite): (reply: string, fresh: number, whole: boolean) => boolean {
    const before = w.kind === 'continue' && w.target ? w.target.content : '';
    // The conversation's established cues (card, memory, pinned facts) hold for the reply too.
    const scope = conversationScope(this.deps.moderation, w.character, w.conversation, []);
    return (reply, fresh, whole) => {
      const full = before + reply;
      const verdict = this.deps.moderation.check(
        { reply: whole ? full : full.slice(-(fresh + CHECK_CONTEXT)) },
        { surface: 'chat-reply', nsfwContext: w.character.nsfw, userId: w.actor.userId, scope },
      );
      return verdict.allowed;
    };
  }

  /** Records what went into a reply that rewrote a message, in the background once it is saved (nothing delays the reply). */
  private inspect(w: ReplyToWrite, saved: ChatMessageRow, numbers: GenerationNumbers): void {
    const { inspector, background } = this.deps;
    if (!w.inspect || !inspector) return;
    const source = w.inspect;
    background.run('chat reply inspection', () => inspector.record({ ...w, inspect: source }, saved, numbers));
  }

  /** Saving the reply ends its progress row; with nothing saved it ends here, and a free reply is owed again. */
  private async nothingSaved(w: ReplyToWrite): Promise<void> {
    const { replyProgress } = this.deps.uow.repos;
    await replyProgress.deleteProgress(w.progressId).catch(() => {});
    if (w.free) {
      await replyProgress
        .markReplyOwed({ conversationId: w.conversation.id, userId: w.actor.userId, userMessageId: w.free })
        .catch(() => {});
    }
  }

  /** Batches of a streamed reply are at least this far apart; more replies streaming at once stretch it. */
  private batchInterval(): number {
    const { streamIntervalMs, streamBatchesPerSecond } = this.deps.settings;
    return Math.max(streamIntervalMs, (1000 * this.streaming) / streamBatchesPerSecond);
  }
}

/** The generation as the writer measured it, for its inspection. */
function numbersOf(relay: ReplyRelay, started: number, ms: number): GenerationNumbers {
  return {
    tokensOut: relay.completionTokens || Math.ceil(relay.text.length / 4),
    totalMs: ms,
    firstTokenMs: relay.firstTextAt === undefined ? null : relay.firstTextAt - started,
    finish: relay.finish,
  };
}

/** What is saved, and whether the cost goes back: nothing usable (a failure, a block, a stop before any word) is free. */
function outcome(
  cleaned: string,
  blocked: boolean,
  failed: boolean,
  stopped: boolean,
): { content: string; status: ChatMessageRow['status']; refund: boolean } {
  if (blocked) return { content: BLOCKED_REPLY_NOTICE, status: 'blocked', refund: true };
  // A stop after some words keeps the charge (the words are kept).
  if (failed || stopped) return { content: cleaned, status: 'incomplete', refund: failed || !cleaned.trim() };
  return { content: cleaned, status: 'complete', refund: false };
}
