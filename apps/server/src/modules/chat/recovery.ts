// Replies that outlive their process: while a reply streams, its words so far are saved on a timer (its progress
// row); a reply whose row stopped being renewed was left by a process that died, and is recovered by another.
import { cleanReply } from './prompt/index.ts';
import type { ChatDeps } from './chat-deps.ts';
import { continued, withNewSwipe } from './save-reply.ts';
import type { StaleReply } from './reply-progress.repo.ts';

export class ReplyRecovery {
  /** Replies this process is writing, by progress row: the words so far and how many of them are saved. */
  private readonly writing = new Map<string, { text: () => string; saved: number }>();
  private progressTimer: NodeJS.Timeout | undefined;
  /** A round of progress saves under way (rounds never overlap: each appends to what the last one wrote). */
  private progressSaveRunning = false;
  private recoveryTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly deps: Pick<ChatDeps, 'uow' | 'moderation' | 'entitlements' | 'settings'>) {}

  /** Saves a reply's words as they are written (never before the first token), until `untrack`. */
  track(progressId: string, text: () => string): void {
    this.writing.set(progressId, { text, saved: 0 });
    this.progressTimer ??= setInterval(() => void this.saveProgress(), this.deps.settings.progressMs).unref();
  }

  untrack(progressId: string): void {
    this.writing.delete(progressId);
  }

  /** Looks for replies left by a dead process now and then (at once, then every `staleMs`). */
  start(): void {
    if (this.recoveryTimer) return;
    const sweep = () => {
      this.sweeping ??= this.recoverStale()
        .then(() => {})
        .catch(() => {})
        .finally(() => (this.sweeping = undefined));
    };
    this.recoveryTimer = setInterval(sweep, this.staleMs).unref();
    sweep();
  }

  async stop(): Promise<void> {
    clearInterval(this.recoveryTimer);
    this.recoveryTimer = undefined;
    clearInterval(this.progressTimer);
    this.progressTimer = undefined;
    await this.sweeping;
  }

  /**
   * Every reply left by a process that died mid-stream: its saved words become an incomplete reply (the charge is
   * kept, as for a reply stopped part-way; it can be continued or regenerated), or, with no words saved, the charge
   * is refunded and a message left without its reply gets its "Get a reply" free once. Each row is taken by one
   * process, in one transaction with what it leads to, so a refund happens once.
   */
  async recoverStale(): Promise<number> {
    let recovered = 0;
    for (const r of await this.deps.uow.repos.replyProgress.staleReplies(this.staleMs)) {
      // This process is alive and writing it (a long pause of its event loop is not a death).
      if (this.writing.has(r.id)) continue;
      if (await this.recover(r)) recovered++;
    }
    return recovered;
  }

  /** Replies whose process stopped saving them for this long died with it. */
  private get staleMs(): number {
    return 3 * this.deps.settings.progressMs;
  }

  private recover(r: StaleReply): Promise<boolean> {
    return this.deps.uow.run(async ({ chat, replyProgress }) => {
      if (!(await replyProgress.claimStaleReply(r.id, this.staleMs))) return false;
      // A message the character was writing first is not shown half-written (nor charged): the schedule writes again.
      if (r.kind === 'first') return true;
      // A new reply or a new alternative starts at its first word; an addition keeps its leading space.
      const cleaned = cleanReply(r.text, r.characterName);
      const words = r.kind === 'continue' ? cleaned : cleaned.trimStart();
      const current = r.newReply ? undefined : await chat.message(r.replyId);
      const before = r.kind === 'continue' && current ? current.content : '';
      const allowed =
        words.trim() !== '' &&
        this.deps.moderation.check({ reply: before + words }, { surface: 'chat-reply', nsfwContext: r.characterNsfw, userId: r.userId })
          .allowed;
      if (allowed && r.newReply && !(await chat.message(r.replyId))) {
        const reply = {
          id: r.replyId,
          conversationId: r.conversationId,
          content: words,
          status: 'incomplete' as const,
          progressId: r.id,
          speakerId: r.speakerId,
        };
        await chat.insertReply(reply, false);
        return true;
      }
      if (allowed && current) {
        const patch = r.kind === 'regenerate' ? withNewSwipe(current, words) : continued(current, words);
        await chat.updateMessage(current.id, { ...patch, status: 'incomplete' });
        await chat.touch(r.conversationId, 0, false);
        return true;
      }
      // Nothing to keep: the charge goes back (joins this transaction).
      if (r.chargeKey) await this.deps.entitlements.release(r.userId, 'chat', r.chargeKey);
      if (r.newReply && r.userMessageId && (await chat.message(r.userMessageId))) {
        await replyProgress.markReplyOwed({ conversationId: r.conversationId, userId: r.userId, userMessageId: r.userMessageId });
      }
      return true;
    });
  }

  /** Renews the progress rows of every reply this process is writing, in one statement, with their new words. */
  private async saveProgress(): Promise<void> {
    if (this.writing.size === 0) {
      clearInterval(this.progressTimer);
      this.progressTimer = undefined;
      return;
    }
    if (this.progressSaveRunning) return;
    this.progressSaveRunning = true;
    // Only the words added since the last save travel (a few hundred bytes a reply, not the whole reply each time).
    const writing = [...this.writing.values()];
    const entries = [...this.writing].map(([id, w]) => {
      const text = w.text();
      return { id, from: w.saved, added: text.slice(w.saved), upTo: text.length };
    });
    try {
      await this.deps.uow.repos.replyProgress.renewProgress(entries);
      entries.forEach((e, i) => (writing[i]!.saved = e.upTo));
    } catch {
      // The round may or may not have been written: the next one sends each reply's whole text.
      for (const w of writing) w.saved = 0;
    } finally {
      this.progressSaveRunning = false;
    }
  }
}
