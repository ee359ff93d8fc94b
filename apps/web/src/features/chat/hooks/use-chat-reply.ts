// The one-to-one chat's reply stream: the conversation kit's hook given the chat's stream function and session.
import type { ChatSession } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { useReplyStream, type ReplyKind, type ReplyRequest } from '@/features/conversation';
import { getChatSession } from '../api/get-session';
import { streamReply } from '../api/stream-chat-reply';

export interface ChatReplyOptions {
  characterId: string;
  /** The conversation the address names (undefined: the current one); its session is the cache entry refreshed. */
  conversationId: string | undefined;
  /** The session on screen. */
  session: ChatSession | undefined;
  /** Shows a failure (a banner, the sign-up or membership prompt); true when it was one it knows. */
  explain: (error: unknown) => boolean;
  /** A new attempt clears the last failure. */
  clearProblem: () => void;
  /** A reply starts: the message list follows it to the bottom. */
  onBegin?: () => void;
}

export function useChatReply({ characterId, conversationId, session, ...rest }: ChatReplyOptions) {
  const sessionKey = chatKeys.session(characterId, conversationId);
  const convId = session?.conversation.id;
  const reply = useReplyStream<ReplyRequest>({
    ...rest,
    conversationId: convId,
    sessionKey,
    messages: session?.messages,
    keepStopped: true,
    stream: ({ kind, content, messageId }, id, handlers, signal) =>
      streamReply(
        characterId,
        kind,
        { conversationId: id, ...(content !== undefined ? { content } : {}), ...(messageId ? { messageId } : {}) },
        handlers,
        signal,
      ),
    refetch: async () => {
      const fresh = await getChatSession(characterId, convId);
      queryClient.setQueryData(sessionKey, fresh);
      return fresh;
    },
  });
  /** `messageId`: regenerate that reply rather than the last one (after an edit in the middle, issue #28). */
  const generate = (kind: ReplyKind, content?: string, messageId?: string) => reply.generate({ kind, content, messageId });
  return { ...reply, generate };
}
