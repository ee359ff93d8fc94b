import { useMutation } from '@tanstack/react-query';
import { requestChatPicture } from '@/features/images/api/request-chat-picture';
import { updateMessages } from '../lib/session-cache';

export interface ChatPictureInput {
  characterId: string;
  conversationId: string;
  /** The message asking for it ("send me a picture of you by the sea"), saved as yours; none for the button. */
  content?: string;
}

/** Affects the conversation's cached session: your message (if any) and the character's picture message join it. */
export function useRequestChatPicture() {
  return useMutation({
    mutationFn: ({ characterId, conversationId, content }: ChatPictureInput) =>
      requestChatPicture(characterId, { conversationId, ...(content ? { content } : {}) }),
    onSuccess: (r, { conversationId }) =>
      updateMessages(conversationId, (m) => [...m, ...(r.userMessage ? [r.userMessage] : []), r.message]),
  });
}
