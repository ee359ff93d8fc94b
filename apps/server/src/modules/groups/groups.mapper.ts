import type { Group, GroupMember, GroupSession, GroupSpeaker } from '@reverie/shared';
import type { ChatCharacter } from '../chat/index.ts';
import { toChatCost, toChatMemory, toChatMessage } from '../chat/index.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';
import type { GroupView, OpenedGroup } from './groups.service.ts';

function toGroupMember(c: ChatCharacter): GroupMember {
  return {
    id: c.id,
    name: c.name,
    avatarUrl: c.thumbnailUrl ?? c.avatarUrl,
    tagline: c.tagline,
    premium: c.premium,
    nsfw: c.nsfw,
    deleted: !!c.deletedAt,
  };
}

export function toGroup(v: GroupView): Group {
  const { group } = v;
  return {
    id: group.id,
    name: group.name,
    scenario: group.scenario,
    turnMode: group.turnMode,
    conversationId: group.conversationId,
    chatCharacterId: v.anchorCharacterId,
    members: v.members.filter((m) => !m.member.removedAt).map((m) => toGroupMember(m.character)),
    formerMembers: v.members.filter((m) => m.member.removedAt).map((m) => toGroupMember(m.character)),
    nextSpeakerId: v.nextSpeakerId,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}

export function toGroupSession(s: OpenedGroup, cards: CrisisCards): GroupSession {
  return {
    group: toGroup(s.view),
    messages: s.messages.map((m) => toChatMessage(m, cards)),
    hasMore: s.hasMore,
    cost: toChatCost(s.cost),
    memory: toChatMemory(s.conversation),
  };
}

export function toGroupSpeaker(c: ChatCharacter): GroupSpeaker {
  return { id: c.id, name: c.name, avatarUrl: c.thumbnailUrl ?? c.avatarUrl };
}
