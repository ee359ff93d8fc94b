// A group reply through the chat pipeline: the same refusals, charge, streaming, saving, refunds and recovery as a
// one-to-one reply (generation.ts), with the group's reads (one statement), the speaker picked by the turn order (or
// by the user), one reply at a time per group, and the prompt of the speaking character (group-prompt.ts).
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { InFlightLimiter } from '../../lib/in-flight.ts';
import { LlmUnavailableError } from '../../providers/llm/llm-provider.ts';
import { checkCharacter } from '../chat/chat-access.ts';
import type { ChatCharacter } from '../chat/chat-context.repo.ts';
import type { ChatDeps } from '../chat/chat-deps.ts';
import type { ChatMessageRow } from '../chat/chat.repo.ts';
import { continueLastReply } from '../chat/continue.ts';
import type { PreparedGeneration, ReplyUseCase } from '../chat/generation.ts';
import { askModel, buildPrompt, dropRequest, type QueueWatch } from '../chat/model-request.ts';
import { checkPersona, promptUser } from '../chat/persona.ts';
import type { ModelStatus } from '../chat/model-status.ts';
import { chargeReply, regenerateReply } from '../chat/regenerate.ts';
import type { ReplyWriter } from '../chat/reply-writer.ts';
import { send } from '../chat/send-message.ts';
import { Undo } from '../chat/undo.ts';
import { groupCard, groupHistory, otherNames, promptMembers, type GroupPromptInput } from './group-prompt.ts';
import type { GroupContext, GroupMemberWithCharacter, GroupsRepo } from './groups.repo.ts';
import { nextSpeaker, type TurnMember } from './turn-order.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type GroupReplyKind = 'send' | 'speak' | 'regenerate' | 'continue';

export interface GroupRequest {
  actor: Actor;
  groupId: string;
  kind: GroupReplyKind;
  /** The user's message (send only). */
  content?: string;
  /** Who replies (send, speak); the turn order picks when absent. */
  speakerId?: string;
  rateLimit: () => Promise<void>;
}

export interface PreparedGroupReply extends PreparedGeneration {
  speaker: ChatCharacter;
}

/** "Let X speak": a new reply with no message before it, charged like a regeneration. */
const speak: ReplyUseCase = {
  kind: 'regenerate',
  check() {},
  target: () => undefined,
  charge: (deps, c, undo) => chargeReply(deps, c, undo, null),
};

const useCases: Record<GroupReplyKind, ReplyUseCase> = { send, speak, regenerate: regenerateReply, continue: continueLastReply };

export type GroupsUnitOfWork = UnitOfWork<ChatDeps['uow']['repos'] & { groups: GroupsRepo }>;

export interface GroupGenerationDeps extends ChatDeps {
  uow: GroupsUnitOfWork & ChatDeps['uow'];
  model: ModelStatus;
  writer: ReplyWriter;
  /** One reply at a time per group, across processes. */
  groupSlots: InFlightLimiter;
}

export const GROUP_BUSY = 'Another reply in this group is being written. Wait for it to finish, or stop it.';

export class GroupGeneration {
  constructor(private readonly deps: GroupGenerationDeps) {}

  private get firstReadLength(): number {
    return Math.max(2, this.deps.plans.plan('free').permissions.memoryMessages);
  }

  async prepare(req: GroupRequest): Promise<PreparedGroupReply> {
    const undo = new Undo();
    const { actor } = req;
    try {
      const slot = this.deps.inFlight.take(actor.userId);
      undo.add(async () => (await slot).release());
      const read = this.deps.uow.repos.groups.context({ groupId: req.groupId, userId: actor.userId, limit: this.firstReadLength + 1 });
      const rateLimit = Promise.resolve().then(req.rateLimit);
      const [, ctx, held] = await inOrder([rateLimit, read, slot] as const);
      if (!ctx || ctx.group.userId !== actor.userId || !ctx.conversation) throw AppError.notFound('Group');
      const releaseGroup = await this.deps.groupSlots.acquire(ctx.group.id, 1);
      if (!releaseGroup) throw AppError.conflict(GROUP_BUSY);
      undo.add(releaseGroup);
      const entitled = this.deps.entitlements.permissionsFrom(ctx.latestSubscription);
      const { permissions } = entitled;
      const maxTokens = Math.min(this.deps.settings.maxTokens, permissions.maxReplyTokens);
      const historyMessages = Math.max(2, permissions.memoryMessages);
      const inFlight = Math.max(this.deps.settings.inFlightPerUser, permissions.maxConversationsInFlight);
      if (held.held > inFlight) {
        const message = `You already have ${inFlight} replies being written. Wait for one to finish, or stop it.`;
        throw new AppError(429, 'RATE_LIMITED', message, { headers: { 'retry-after': '2' } });
      }
      const conversation = ctx.conversation;
      const newest =
        ctx.newest.length > this.firstReadLength && historyMessages > this.firstReadLength
          ? await this.deps.uow.repos.chat.messagesNewestFirst(conversation.id, historyMessages + 1)
          : ctx.newest;
      const useCase = useCases[req.kind];
      // A group has no greeting: any reply may be regenerated.
      const target = useCase.target(newest, true);
      const speaker = this.speakerOf(ctx, req, newest, target);
      await checkCharacter(this.deps, actor, speaker, { allowDeleted: true, entitled });
      if (speaker.deletedAt) {
        throw AppError.conflict(`${speaker.name} was deleted by its creator: remove them from the group to go on.`);
      }
      useCase.check(
        this.deps,
        { character: speaker, found: conversation, newest },
        { actor, characterId: speaker.id, content: req.content, rateLimit: req.rateLimit },
      );
      checkPersona(this.deps, ctx.persona, { character: speaker, found: conversation, newest }, actor);
      await this.deps.model.ensureReady();

      const { userName, persona } = promptUser(ctx);
      const members = promptMembers(
        current(ctx).map((m) => m.character),
        actor,
      );
      const names = new Map(ctx.members.map((m) => [m.character.id, m.character.name]));
      const pi: GroupPromptInput = { speaker, members, names, scenario: ctx.group.scenario, userName, personaNames: ctx.personaNames };
      const history = groupHistory(pi, newest, useCase.kind, target, req.content, historyMessages);
      const prompt = await buildPrompt(this.deps.llm, {
        character: speaker,
        userName,
        persona,
        memory: conversation,
        history,
        maxTokens,
        card: groupCard(pi),
        stopNames: otherNames(pi),
      });
      const replyId = target?.id ?? randomUUID();
      const progress = { id: randomUUID(), userId: actor.userId, replyId, chargeKey: `chat-${randomUUID()}`, speakerId: speaker.id };
      // hasUserMessage: true, so a group's first message does not count as a one-to-one chat with its speaker.
      const charge = {
        kind: useCase.kind,
        actor,
        character: speaker,
        conversation,
        content: req.content,
        personaId: ctx.persona?.persona.id ?? null,
        newest,
        hasUserMessage: true,
        target,
      };
      const charged = useCase.charge(this.deps, { ...charge, progress, entitled }, undo);
      charged.catch(() => {});
      const queue: QueueWatch = { position: 0 };
      const request = askModel(this.deps, prompt, queue);
      undo.add(() => dropRequest(request));
      const { userMessage, freeFor } = await charged;
      const { groups } = this.deps.uow.repos;
      return {
        speaker,
        userMessage,
        replyId,
        run: (sink, signal) => {
          queue.sink = sink;
          if (queue.position > 0) sink.queue(queue.position);
          const { chargeKey, id: progressId } = progress;
          const reply = { kind: useCase.kind, replyId, progressId, target, conversation, character: speaker, userName, actor, chargeKey };
          return this.deps.writer
            .write({
              ...reply,
              speakerId: speaker.id,
              free: freeFor,
              request,
              sink,
              signal,
              inspect: { prompt, history, userMessageId: userMessage?.id ?? null },
            })
            .then(async (result) => {
              if (ctx.group.skipped.length) await groups.clearSkipped(ctx.group.id).catch(() => {});
              return result;
            })
            .finally(() => {
              void releaseGroup().catch(() => {});
              void held.release().catch(() => {});
            });
        },
      };
    } catch (err) {
      await undo.run();
      if (err instanceof LlmUnavailableError) throw new AppError(503, 'UNAVAILABLE', err.message);
      throw err;
    }
  }

  /** Regenerate and continue keep the reply's speaker; send and speak take the one asked for, or the turn order's pick. */
  private speakerOf(ctx: GroupContext, req: GroupRequest, newest: ChatMessageRow[], target: ChatMessageRow | undefined): ChatCharacter {
    const members = current(ctx);
    if (target) {
      const m = members.find((x) => x.character.id === target.speakerId);
      if (!m) throw AppError.conflict('The character who wrote this reply is no longer in the group.');
      return m.character;
    }
    const id =
      req.speakerId ??
      nextSpeaker({
        mode: ctx.group.turnMode,
        members: speakable(members, req.actor),
        skipped: ctx.group.skipped,
        newest,
        userMessage: req.content,
      });
    if (!id) throw AppError.badRequest('Pick who speaks next: this group takes turns manually.');
    const m = members.find((x) => x.character.id === id);
    if (!m) throw new AppError(404, 'NOT_FOUND', 'That character is not in this group.');
    return m.character;
  }
}

/**
 * The members the turn order may pick: not deleted and still visible to the user (a character its creator made
 * private since). Asked for by name ("Let X speak"), such a member gets its refusal instead.
 */
export function speakable(members: GroupMemberWithCharacter[], actor: Actor): TurnMember[] {
  return members
    .filter((m) => !m.character.deletedAt && canSee(actor, m.character))
    .map((m) => ({ id: m.character.id, name: m.character.name }));
}

function canSee(actor: Actor, c: ChatCharacter): boolean {
  try {
    assertVisible(actor, c);
    return true;
  } catch {
    return false;
  }
}

/** The members still in the group, in turn order. */
export function current(ctx: Pick<GroupContext, 'members'>) {
  return ctx.members.filter((m) => !m.member.removedAt);
}

async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
