// The cached chat sessions (`chatKeys.session`) are the page's copy of a conversation: the reply stream and the
// mutations patch them in place. A conversation may be cached twice ("current" and by id), so writes go by its id.
import type { ChatMessage, ChatSession } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { updateGroupMessages } from './group-cache';
import { chatKeys } from '@/lib/query-keys/chat';
import { patchWindow } from './message-window';

/** Applies `fn` to every cached session showing conversation `conversationId`. */
export function updateConversation(conversationId: string, fn: (session: ChatSession) => ChatSession) {
  queryClient.setQueriesData<ChatSession>({ queryKey: chatKeys.sessions() }, (s) =>
    s && s.conversation.id === conversationId ? fn(s) : s,
  );
}

export function updateMessages(conversationId: string, fn: (messages: ChatMessage[]) => ChatMessage[]) {
  updateConversation(conversationId, (s) => ({ ...s, messages: fn(s.messages) }));
  // A group chat is a conversation too (edits, swipes and deletes go through the same routes).
  updateGroupMessages(conversationId, fn);
  patchWindow(conversationId, fn);
}

/** Replaces the message with the same id, or adds it at the end. */
export function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  return messages.some((m) => m.id === message.id) ? messages.map((m) => (m.id === message.id ? message : m)) : [...messages, message];
}
