// Group chats: creating one (2–8 characters the user may chat with), reading it, its settings, its members and
// "Skip". Replies go through group-generation.ts.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_GROUP_MEMBERS, MIN_GROUP_MEMBERS, type GroupTurnMode } from '@reverie/shared';
import { checkCharacter } from '../chat/index.ts';
import type { ChatDeps } from '../chat/index.ts';
import type { ChatMessageRow, ShownMessageRow } from '../chat/index.ts';
import type { Conversations, MessageCost } from '../chat/index.ts';
import { current, speakable, type GroupsUnitOfWork } from './group-generation.ts';
import type { ChatGroupRow, GroupWithMembers } from './groups.repo.ts';
import { nextSpeaker } from './turn-order.ts';

const SESSION_MESSAGES = 40;

export interface GroupView extends GroupWithMembers {
  nextSpeakerId: string | null;
}

export interface OpenedGroup {
  view: GroupView;
  conversation: NonNullable<Awaited<ReturnType<ChatDeps['uow']['repos']['chat']['conversation']>>>;
  messages: ShownMessageRow[];
  hasMore: boolean;
  cost: MessageCost;
}

export interface GroupsServiceDeps extends Pick<ChatDeps, 'moderation' | 'entitlements'> {
  uow: GroupsUnitOfWork & ChatDeps['uow'];
  conversations: Pick<Conversations, 'cost'>;
}

export class GroupsService {
  constructor(private readonly deps: GroupsServiceDeps) {}

  async create(
    actor: Actor,
    body: { name: string; scenario?: string; turnMode?: GroupTurnMode; characterIds: string[] },
  ): Promise<OpenedGroup> {
    const nsfw: boolean[] = [];
    for (const id of body.characterIds) nsfw.push((await this.joinable(actor, id)).nsfw);
    this.checkText(actor, { name: body.name, scenario: body.scenario }, nsfw.some(Boolean));
    const group = await this.deps.uow.run(({ groups }) =>
      groups.create({
        userId: actor.userId,
        name: body.name,
        scenario: body.scenario ?? '',
        turnMode: body.turnMode ?? 'natural',
        characterIds: body.characterIds,
      }),
    );
    return this.open(actor, group.id);
  }

  /** The group and its latest messages (marked read). */
  async open(actor: Actor, id: string): Promise<OpenedGroup> {
    const view = await this.view(actor, id);
    const { chat } = this.deps.uow.repos;
    const conversation = await chat.conversation(view.group.conversationId);
    if (!conversation) throw AppError.notFound('Group');
    const newest = await chat.messagesNewestFirst(conversation.id, SESSION_MESSAGES + 1);
    await chat.markRead(conversation.id);
    return {
      view: { ...view, nextSpeakerId: this.next(actor, view, newest) },
      conversation,
      messages: newest.slice(0, SESSION_MESSAGES).reverse(),
      hasMore: newest.length > SESSION_MESSAGES,
      cost: await this.deps.conversations.cost(actor.userId),
    };
  }

  async update(actor: Actor, id: string, patch: { name?: string; scenario?: string; turnMode?: GroupTurnMode }): Promise<GroupView> {
    const view = await this.view(actor, id);
    this.checkText(
      actor,
      { name: patch.name, scenario: patch.scenario },
      current(view).some((m) => m.character.nsfw),
    );
    await this.deps.uow.repos.groups.update(id, patch);
    return this.view(actor, id, true);
  }

  async addMember(actor: Actor, id: string, characterId: string): Promise<GroupView> {
    const view = await this.view(actor, id);
    const members = current(view);
    if (members.some((m) => m.character.id === characterId)) throw AppError.conflict('This character is already in the group.');
    if (members.length >= MAX_GROUP_MEMBERS) throw AppError.conflict(`A group can have at most ${MAX_GROUP_MEMBERS} characters.`);
    await this.joinable(actor, characterId);
    await this.deps.uow.repos.groups.addMember(id, characterId);
    return this.view(actor, id, true);
  }

  async removeMember(actor: Actor, id: string, characterId: string): Promise<GroupView> {
    const view = await this.view(actor, id);
    const members = current(view);
    if (!members.some((m) => m.character.id === characterId)) throw new AppError(404, 'NOT_FOUND', 'That character is not in this group.');
    if (members.length <= MIN_GROUP_MEMBERS) {
      throw AppError.conflict(`A group needs at least ${MIN_GROUP_MEMBERS} characters: add someone before removing this one.`);
    }
    await this.deps.uow.repos.groups.removeMember(id, characterId);
    return this.view(actor, id, true);
  }

  /**
   * "Skip": the character whose turn it is now is passed over (no reply, nothing charged) until the next reply is
   * written; the answer names who the turn order picks instead.
   */
  async skip(actor: Actor, id: string): Promise<GroupView> {
    const view = await this.view(actor, id, true);
    if (!view.nextSpeakerId) throw AppError.conflict('This group takes turns manually: pick who speaks next instead.');
    const members = current(view);
    const { groups } = this.deps.uow.repos;
    // Everyone skipped: the round starts again from the one skipped now.
    if (members.every((m) => m.character.id === view.nextSpeakerId || view.group.skipped.includes(m.character.id))) {
      await groups.update(id, { skipped: [] });
    }
    await groups.skip(id, view.nextSpeakerId);
    return this.view(actor, id, true);
  }

  /** The caller's group (404 for anyone else's); `withNext`: with the turn order's next speaker. */
  private async view(actor: Actor, id: string, withNext = false): Promise<GroupView> {
    const found = await this.deps.uow.repos.groups.find(id);
    if (!found || found.group.userId !== actor.userId) throw AppError.notFound('Group');
    if (!withNext) return { ...found, nextSpeakerId: null };
    const newest = await this.deps.uow.repos.chat.messagesNewestFirst(found.group.conversationId, 20);
    const view = { ...found, nextSpeakerId: null };
    return { ...view, nextSpeakerId: this.next(actor, view, newest) };
  }

  private next(actor: Actor, view: GroupWithMembers, newest: ChatMessageRow[]): string | null {
    const members = speakable(current(view), actor);
    return nextSpeaker({ mode: view.group.turnMode, members, skipped: view.group.skipped, newest });
  }

  /** A character the caller may chat with: visible (404 otherwise), not deleted, premium only with a membership (403). */
  private async joinable(actor: Actor, characterId: string) {
    const row = await this.deps.uow.repos.characters.findById(characterId);
    if (!row) throw AppError.notFound('Character');
    await checkCharacter(this.deps, actor, row, {});
    return row;
  }

  /** The name and scenario go into every prompt of the group: the policy checks them like a message. */
  private checkText(actor: Actor, fields: { name?: string; scenario?: string }, nsfw: boolean): void {
    this.deps.moderation.assertAllowed(fields, {
      surface: 'chat-user',
      nsfwContext: nsfw,
      userId: actor.userId,
      fieldLabels: { name: 'group name', scenario: 'scenario' },
    });
  }
}

export type { ChatGroupRow };
