// The user's persona in a chat: the name `{{user}}` stands for (the persona's, else the account's), its text checked
// by the policy as it enters a prompt, and the persona a new conversation starts with. The persona itself is read
// with the chat's context (`ChatContextRepo`); the personas module owns the rows and the choice.
import type { Actor } from '../../lib/access.ts';
import type { EffectivePersona } from '../personas/personas.repo.ts';
import type { ChatContext } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { CheckedRead } from './pipeline.types.ts';
import { conversationScope } from './moderation-scope.ts';
import type { PromptPersona } from './prompt/index.ts';

/** Who the user is in this reply's prompt. */
export function promptUser(ctx: Pick<ChatContext, 'persona' | 'userName'>): { userName: string; persona: PromptPersona | undefined } {
  const p = ctx.persona?.persona;
  if (!p) return { userName: ctx.userName ?? 'User', persona: undefined };
  return { userName: p.name, persona: { description: p.description, pronouns: p.pronouns } };
}

/**
 * The persona's text as it enters a prompt, judged in the conversation's scope like the user's own messages (a
 * persona that reads as a minor cannot enter an explicit scene, whatever it said when saved): 422 CONTENT_BLOCKED.
 */
export function checkPersona(
  deps: Pick<ChatDeps, 'moderation'>,
  persona: EffectivePersona | undefined,
  read: CheckedRead,
  actor: Actor,
): void {
  const p = persona?.persona;
  if (!p) return;
  deps.moderation.assertAllowed(
    { personaName: p.name, personaDescription: p.description, personaPronouns: p.pronouns ?? undefined },
    {
      surface: 'chat-user',
      nsfwContext: true,
      userId: actor.userId,
      fieldLabels: { personaName: 'persona name', personaDescription: 'persona description', personaPronouns: 'persona pronouns' },
      scope: conversationScope(deps.moderation, read.character, read.found, read.newest),
    },
  );
}

/** The name a new conversation's greeting uses and the remembered persona to pin to it (null: none to pin). */
export async function newConversationUser(
  deps: Pick<ChatDeps, 'uow'>,
  userId: string,
  characterId: string,
): Promise<{ name: string; pin: string | null }> {
  const { personas, users } = deps.uow.repos;
  const [effective, username] = await Promise.all([
    personas.effective({ userId, characterId, conversationId: null }),
    users.usernameOf(userId),
  ]);
  return {
    name: effective?.persona.name ?? username ?? 'User',
    // The character's remembered persona stays this conversation's even if another is chosen with the character later.
    pin: effective?.source === 'character' ? effective.persona.id : null,
  };
}
