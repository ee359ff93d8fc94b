// The inspector's full-prompt rebuild of a group reply: the speaker's group card and the shared history labelled by
// speaker, as group-generation.ts built them, from the group as it is now (members, scenario) and the recorded history.
import type { GroupShapes } from '../chat/index.ts';
import { current } from './group-generation.ts';
import { groupCard, groupHistory, type GroupPromptInput } from './group-prompt.ts';
import type { GroupsRepo } from './groups.repo.ts';

export function groupShapes(uow: { repos: { groups: GroupsRepo } }): GroupShapes {
  return async ({ conversationId, speakerId, messages, userName, kind }) => {
    const groupId = await uow.repos.groups.idByConversation(conversationId);
    const ctx = groupId ? await uow.repos.groups.context({ groupId, userId: null, limit: 0 }) : undefined;
    const speaker = ctx?.members.find((m) => m.character.id === speakerId)?.character;
    if (!ctx || !speaker) return undefined;
    const pi: GroupPromptInput = {
      speaker,
      members: current(ctx).map((m) => m.character),
      names: new Map(ctx.members.map((m) => [m.character.id, m.character.name])),
      scenario: ctx.group.scenario,
      userName,
      personaNames: ctx.personaNames,
    };
    // The recorded history is oldest first and already holds the user's message of a send: nothing is added to it.
    const newestFirst = [...messages].reverse();
    const history = groupHistory(pi, newestFirst, kind === 'continue' ? 'continue' : 'regenerate', undefined, undefined, messages.length);
    return { speaker, card: groupCard(pi), history };
  };
}
