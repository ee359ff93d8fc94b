// Characters that write first: where the user allowed it ("may message me", per one-to-one conversation, off by
// default), the character writes one message after the pause the user chose, through the one reply pipeline
// (generation.ts with writeFirst and the conversation's one-to-one source: memory, persona, lorebook and the policy
// as for any reply). Free. The pause doubles after each unanswered message; after MAX_UNANSWERED in a row it waits
// for the user. Never in the user's quiet hours, never for a suspended or deleted account or one over its spending
// caps, never beyond the plan's `firstMessagesPerDay`. Each message is written once across processes: a process
// claims the conversation (first-messages.repo.ts) and only one claim of a reading succeeds.
import type { FastifyBaseLogger } from 'fastify';
import type { WritesFirst } from '@reverie/shared';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { Clock, DAY_MS } from '../../lib/clock.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow } from './chat.repo.ts';
import { MAX_UNANSWERED, type DueConversation, type FirstMessageSetting, type FirstMessagesRepo } from './first-messages.repo.ts';
import type { Generation } from './generation.ts';
import { awayNote, writeFirst } from './write-first.ts';

/** What the schedule asks of other modules (app.ts wires them: notifications, billing). */
export interface FirstMessageHooks {
  /** The user's quiet hours hold at `at` (nothing is written then). */
  quiet(userId: string, at: Date): Promise<boolean>;
  /** The user reached a spending cap they set (they asked to slow down: the character does not write). */
  overCaps(userId: string): Promise<boolean>;
  /** NSFW is closed to the user (age assurance required and not passed): an NSFW character does not write. */
  nsfwLocked(userId: string): Promise<boolean>;
  /** A message was written: tell the user (the bell, a push). */
  written(
    userId: string,
    m: { message: ChatMessageRow; conversationId: string; characterId: string; characterName: string },
  ): Promise<void>;
}

export type FirstMessagesDeps = ChatDeps & {
  uow: ChatDeps['uow'] & { repos: { firstMessages: FirstMessagesRepo } };
  generation: Pick<Generation, 'prepareOneToOne'>;
  hooks: FirstMessageHooks;
  log: FastifyBaseLogger;
};

/** Conversations looked at per run (a minute apart: a backlog drains over a few runs). */
const BATCH = 50;

const DEFAULT_HOURS = 24;

/** Refusals of the pipeline that mean the character can no longer write here: the setting turns off. */
const PERMANENT = new Set([403, 404, 409]);

export class FirstMessages {
  /** The schedule's time: real time; tests move it forward. */
  readonly clock = new Clock();

  constructor(private readonly deps: FirstMessagesDeps) {}

  /** The caller's setting of a conversation (404 when it is not theirs). */
  async get(actor: Actor, conversationId: string): Promise<WritesFirst> {
    const setting = await this.settingOf(actor, conversationId);
    return {
      enabled: setting.afterHours !== null,
      afterHours: setting.afterHours ?? DEFAULT_HOURS,
      available: !setting.isGroup && (await this.availableTo(actor.userId)),
      unanswered: setting.unanswered,
    };
  }

  /** Allows it after `afterHours`, or stops it; 409 in a group chat or where the deployment or the plan allows none. */
  async set(actor: Actor, conversationId: string, body: { enabled: boolean; afterHours: number }): Promise<WritesFirst> {
    const setting = await this.settingOf(actor, conversationId);
    if (body.enabled && setting.isGroup) throw AppError.conflict('In a group chat the characters answer you; they do not write first.');
    if (body.enabled && !(await this.availableTo(actor.userId))) {
      throw AppError.conflict('Characters cannot write first on your plan or on this server.');
    }
    await this.deps.uow.repos.firstMessages.setAfterHours(conversationId, actor.userId, body.enabled ? body.afterHours : null);
    return this.get(actor, conversationId);
  }

  /** Writes the messages that are due now; resolves with how many were written. */
  async runDue(): Promise<number> {
    if (!this.deps.settings.firstMessages) return 0;
    const now = this.clock.now();
    let written = 0;
    for (const due of await this.deps.uow.repos.firstMessages.due(now, BATCH)) {
      try {
        if (await this.write(due, now)) written++;
      } catch (err) {
        // Left claimed: another try comes when the claim lapses (a model that is down is not asked every minute).
        this.deps.log.warn({ err, conversationId: due.id }, 'a character could not write first');
      }
    }
    return written;
  }

  private async write(due: DueConversation, now: Date): Promise<boolean> {
    const { firstMessages, users } = this.deps.uow.repos;
    if (!(await this.mayWriteTo(due.userId, now))) return false;
    if (!(await firstMessages.claim(due, now))) return false;
    const user = await users.findById(due.userId);
    if (!user) return false;
    const actor: Actor = { userId: user.id, role: user.role };
    const awayHours = (now.getTime() - due.lastAt.getTime()) / 3_600_000;
    const where = { characterId: due.characterId, conversationId: due.id };
    const nsfwLocked = () => this.deps.hooks.nsfwLocked(due.userId);
    const request = { actor, content: awayNote(awayHours), rateLimit: async () => {}, nsfwLocked };
    const prepared = await this.deps.generation.prepareOneToOne(writeFirst, where, request).catch(async (err: unknown) => {
      // Age assurance not done yet is not permanent: the character writes once the user has passed it.
      if (err instanceof AppError && PERMANENT.has(err.status) && err.code !== 'AGE_ASSURANCE_REQUIRED')
        await firstMessages.turnOff(due.id);
      throw err;
    });
    const { message } = await prepared.run({ queue: () => {}, token: () => {} }, new AbortController().signal);
    await firstMessages.release(due.id);
    const character = prepared.speaker;
    await this.deps.hooks.written(due.userId, {
      message,
      conversationId: due.id,
      characterId: character.id,
      characterName: character.name,
    });
    if (due.unanswered + 1 >= MAX_UNANSWERED)
      this.deps.log.info({ conversationId: due.id }, 'a character wrote first three times: it waits');
    return true;
  }

  /** Not in quiet hours, not over the user's caps, not past the plan's messages a day. */
  private async mayWriteTo(userId: string, now: Date): Promise<boolean> {
    const { hooks } = this.deps;
    if (await hooks.quiet(userId, now)) return false;
    if (await hooks.overCaps(userId)) return false;
    const { permissions } = await this.deps.entitlements.permissionsOf(userId);
    const today = await this.deps.uow.repos.firstMessages.writtenSince(userId, new Date(now.getTime() - DAY_MS));
    return today < permissions.firstMessagesPerDay;
  }

  private async availableTo(userId: string): Promise<boolean> {
    if (!this.deps.settings.firstMessages) return false;
    const { permissions } = await this.deps.entitlements.permissionsOf(userId);
    return permissions.firstMessagesPerDay > 0;
  }

  private async settingOf(actor: Actor, conversationId: string): Promise<FirstMessageSetting> {
    const setting = await this.deps.uow.repos.firstMessages.setting(conversationId, actor.userId);
    if (!setting) throw AppError.notFound('Conversation');
    return setting;
  }
}
