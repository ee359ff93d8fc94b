// The inspector's full-prompt rebuild of a group reply: the speaker's group card and the shared history labelled by
// speaker, as group-generation.ts built them, from the group as it is now (members, scenario) and the recorded history.
// Members the viewer may no longer see are left out (as a new reply leaves them out); the lorebook entries of other
// creators' members that their pages do not show are marked, so the inspector names them without quoting them.
import { definitionAccess, HIDDEN_NAME, loreOf, type GroupShapes } from '../chat/index.ts';
import { current } from './group-generation.ts';
import { groupCard, groupHistory, promptMembers, type GroupPromptInput } from './group-prompt.ts';
import type { GroupsRepo } from './groups.repo.ts';

export function groupShapes(uow: { repos: { groups: GroupsRepo } }): GroupShapes {
  return async ({ actor, conversationId, speakerId, messages, userName, kind }) => {
    const groupId = await uow.repos.groups.idByConversation(conversationId);
    const ctx = groupId ? await uow.repos.groups.context({ groupId, userId: null, limit: 0 }) : undefined;
    const speaker = ctx?.members.find((m) => m.character.id === speakerId)?.character;
    if (!ctx || !speaker) return undefined;
    const members = promptMembers(
      current(ctx).map((m) => m.character),
      actor,
    );
    const visible = (c: (typeof members)[number]) => definitionAccess(actor, c) !== 'none';
    const pi: GroupPromptInput = {
      speaker,
      members: members.some((m) => m.id === speaker.id) ? members : [speaker, ...members],
      names: new Map(ctx.members.map((m) => [m.character.id, visible(m.character) ? m.character.name : HIDDEN_NAME])),
      scenario: ctx.group.scenario,
      userName,
      personaNames: ctx.personaNames,
    };
    const hiddenLore = new Set(
      pi.members.filter((m) => definitionAccess(actor, m) !== 'all').flatMap((m) => (loreOf(m.characterBook) ?? []).map((e) => e.id ?? '')),
    );
    // The recorded history is oldest first and already holds the user's message of a send: nothing is added to it.
    const newestFirst = [...messages].reverse();
    const history = groupHistory(pi, newestFirst, kind === 'continue' ? 'continue' : 'regenerate', undefined, undefined, messages.length);
    return { speaker, card: groupCard(pi), history, hiddenLore };
  };
}
