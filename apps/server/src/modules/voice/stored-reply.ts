// Which stored reply a Listen reads and which character speaks it: a one-to-one reply (its character) or a group
// chat's reply (the member who wrote it, `chat_messages.speaker_id`). Only the caller's own conversation: anyone
// else's message or group is a 404, like a missing one. What is then spoken, priced and checked is speech.service.ts.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo, CharacterWithCreator } from '../characters/characters.repo.ts';
import type { ChatMessageRow, ChatRepo } from '../chat/index.ts';
import type { GroupsRepo } from '../groups/groups.repo.ts';

export type StoredReplyRepos = { chat: ChatRepo; characters: CharactersRepo; groups: GroupsRepo };

export interface StoredReply {
  message: ChatMessageRow;
  /** Whose voice reads it; null when that character no longer exists (the speech service's default voice). */
  speaker: CharacterWithCreator | null;
}

/** A reply of the caller's one-to-one conversation with `characterId`, in that character's voice. */
export async function oneToOneReply(repos: StoredReplyRepos, actor: Actor, characterId: string, messageId: string): Promise<StoredReply> {
  const { chat, characters } = repos;
  const message = await chat.message(messageId);
  const conv = message ? await chat.conversation(message.conversationId) : undefined;
  // A group's reply is read through its group, in its speaker's voice, not as the group's anchor character.
  if (!message || !conv || conv.userId !== actor.userId || conv.characterId !== characterId || conv.isGroup) {
    throw AppError.notFound('Message');
  }
  const speaker = await characters.findById(characterId);
  if (!speaker) throw AppError.notFound('Message');
  // A deleted character's conversations stay readable (and listenable) for those who have one.
  if (!speaker.deletedAt) assertVisible(actor, speaker);
  return { message, speaker };
}

/**
 * A reply of the caller's group chat `groupId`, in the voice of the member who wrote it. That member may have left
 * the group, or been deleted by its creator: the reply is still theirs, so their voice reads it. When the character
 * no longer exists at all (its creator's account was erased: `speaker_id` is null), the default voice does. Unlike a
 * one-to-one Listen, a speaker its creator has since made private is not a 404: the reply is already on the owner's
 * page, and only the voice's id is read from the character.
 */
export async function groupReply(repos: StoredReplyRepos, actor: Actor, groupId: string, messageId: string): Promise<StoredReply> {
  const { chat, characters, groups } = repos;
  const message = await chat.message(messageId);
  const conv = message ? await chat.conversation(message.conversationId) : undefined;
  if (!message || !conv || conv.userId !== actor.userId || !conv.isGroup) throw AppError.notFound('Message');
  if ((await groups.idByConversation(conv.id)) !== groupId) throw AppError.notFound('Message');
  const speaker = message.speakerId ? ((await characters.findById(message.speakerId)) ?? null) : null;
  return { message, speaker };
}
