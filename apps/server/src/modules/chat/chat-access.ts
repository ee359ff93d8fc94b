// Who may chat with a character and read a conversation: refusals are 404s that look like a missing row, so ids
// cannot be probed; a premium character asks for a membership (403) from everyone but its creator and admins.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Entitlements } from '../billing/entitlements.service.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import type { ChatDeps } from './chat-deps.ts';

/** The character as a chat needs it: visible to the caller (404 otherwise), premium checked for non-owners. */
export async function chatCharacter(deps: ChatDeps, actor: Actor, characterId: string, opts: { allowDeleted?: boolean } = {}) {
  const row = await deps.uow.repos.characters.findById(characterId);
  if (!row) throw AppError.notFound('Character');
  await checkCharacter(deps, actor, row, opts);
  return row;
}

/** Visibility (404) and, for a premium character, the caller's membership (403); `entitled` when already read. */
export async function checkCharacter(
  deps: Pick<ChatDeps, 'entitlements'>,
  actor: Actor,
  row: ChatCharacter,
  opts: { allowDeleted?: boolean; entitled?: Pick<Entitlements, 'permissions'> },
): Promise<void> {
  // A deleted character's conversations stay readable for those who have one (checked by the caller).
  if (!(opts.allowDeleted && row.deletedAt)) assertVisible(actor, row);
  if (row.premium && !row.deletedAt && actor.userId !== row.creatorId && actor.role !== 'admin') {
    if (opts.entitled) deps.entitlements.assertPermission(opts.entitled, 'premiumCharacters');
    else await deps.entitlements.requirePermission(actor.userId, 'premiumCharacters');
  }
}

/** The caller's conversation by id (with this character when `characterId` is given), or 404. */
export async function ownConversation(
  deps: ChatDeps,
  actor: Actor,
  conversationId: string,
  characterId?: string,
): Promise<ConversationRow> {
  const conv = await deps.uow.repos.chat.conversation(conversationId);
  if (!conv || conv.userId !== actor.userId || (characterId !== undefined && conv.characterId !== characterId)) {
    throw AppError.notFound('Conversation');
  }
  return conv;
}

/** The caller's message in a conversation with this character, or 404. */
export async function ownMessage(
  deps: ChatDeps,
  actor: Actor,
  characterId: string,
  messageId: string,
): Promise<{ msg: ChatMessageRow; conv: ConversationRow }> {
  const msg = await deps.uow.repos.chat.message(messageId);
  if (!msg) throw AppError.notFound('Message');
  const conv = await deps.uow.repos.chat.conversation(msg.conversationId);
  if (!conv || conv.userId !== actor.userId || conv.characterId !== characterId) throw AppError.notFound('Message');
  return { msg, conv };
}
