// A group reply is a reply: it goes through the chat's reply pipeline (modules/chat/generation.ts) with the same
// refusals, cost, stream, policy check, saving, refunds, crash recovery and inspector record as a one-to-one reply.
// What differs is the source plugged in here: the group's reads (one statement), the speaker picked by the turn order
// (or by the user), one reply at a time per group, and the prompt of the speaking character (group-prompt.ts).
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { InFlightLimiter } from '../../lib/in-flight.ts';
import type { ChatCharacter } from '../chat/index.ts';
import type { ChatDeps } from '../chat/index.ts';
import type { ChatMessageRow } from '../chat/index.ts';
import { continueLastReply } from '../chat/index.ts';
import type { Generation } from '../chat/index.ts';
import type { PreparedGeneration, ReplySource, ReplyUseCase } from '../chat/index.ts';
import { chargeReply, regenerateReply } from '../chat/index.ts';
import { send } from '../chat/index.ts';
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
  nsfwLocked?: () => Promise<boolean>;
  /** The person's country, when known (which crisis resources they are shown). */
  country?: string;
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

export interface GroupSourceDeps {
  uow: GroupsUnitOfWork;
  /** One reply at a time per group, across processes. */
  groupSlots: InFlightLimiter;
}

export const GROUP_BUSY = 'Another reply in this group is being written. Wait for it to finish, or stop it.';

/** The group's replies: the chat pipeline with the group as its source. */
export class GroupReplies {
  constructor(private readonly deps: GroupSourceDeps & { generation: Generation }) {}

  prepare(req: GroupRequest): Promise<PreparedGeneration> {
    const source = groupSource(this.deps, { groupId: req.groupId, speakerId: req.speakerId });
    return this.deps.generation.prepare(useCases[req.kind], source, {
      ...{ actor: req.actor, content: req.content, rateLimit: req.rateLimit, nsfwLocked: req.nsfwLocked, country: req.country },
    });
  }
}

/** A group as the reply pipeline's source. */
export function groupSource(deps: GroupSourceDeps, where: { groupId: string; speakerId?: string }): ReplySource<GroupContext> {
  const { groups } = deps.uow.repos;
  return {
    group: true,
    async read({ userId, limit, recallQuery }) {
      const ctx = await groups.context({ groupId: where.groupId, userId, limit, recallQuery });
      if (!ctx || ctx.group.userId !== userId || !ctx.conversation) throw AppError.notFound('Group');
      return ctx;
    },
    conversation: (ctx) => ctx.conversation,
    speaker: (ctx, s) => speakerOf(ctx, { ...s, speakerId: where.speakerId }),
    deletedRefusal: (speaker) => `${speaker.name} was deleted by its creator: remove them from the group to go on.`,
    async hold(ctx) {
      const release = await deps.groupSlots.acquire(ctx.group.id, 1);
      if (!release) throw AppError.conflict(GROUP_BUSY);
      return release;
    },
    prompt(ctx, p) {
      // Members the user may no longer see (made private, deleted) leave the prompt: no definition, no lorebook.
      const members = promptMembers(
        current(ctx).map((m) => m.character),
        p.actor,
      );
      const names = new Map(ctx.members.map((m) => [m.character.id, m.character.name]));
      const { speaker, userName } = p;
      const pi: GroupPromptInput = {
        ...{ speaker, members, names, scenario: ctx.group.scenario, userName },
        accountName: ctx.userName ?? undefined,
        personaNames: ctx.personaNames,
      };
      const history = groupHistory(pi, p.newest, p.kind, p.target, p.content, p.historyMessages);
      return { history, card: groupCard(pi), stopNames: otherNames(pi) };
    },
    async afterReply(ctx) {
      if (ctx.group.skipped.length) await groups.clearSkipped(ctx.group.id);
    },
  };
}

/** Regenerate and continue keep the reply's speaker; send and speak take the one asked for, or the turn order's pick. */
function speakerOf(
  ctx: GroupContext,
  s: { actor: Actor; newest: ChatMessageRow[]; target: ChatMessageRow | undefined; content?: string; speakerId?: string },
): ChatCharacter {
  const members = current(ctx);
  if (s.target) {
    const m = members.find((x) => x.character.id === s.target!.speakerId);
    if (!m) throw AppError.conflict('The character who wrote this reply is no longer in the group.');
    return m.character;
  }
  const id =
    s.speakerId ??
    nextSpeaker({
      mode: ctx.group.turnMode,
      members: speakable(members, s.actor),
      skipped: ctx.group.skipped,
      newest: s.newest,
      userMessage: s.content,
    });
  if (!id) throw AppError.badRequest('Pick who speaks next: this group takes turns manually.');
  const m = members.find((x) => x.character.id === id);
  if (!m) throw new AppError(404, 'NOT_FOUND', 'That character is not in this group.');
  return m.character;
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
