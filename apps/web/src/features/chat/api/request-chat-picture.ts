import { useMutation } from '@tanstack/react-query';
import { imagesKeys } from '@/lib/query-keys/images';
import { requestChatPicture } from '@/features/images';
import { queryClient } from '@/lib/query-client';
import { updateMessages } from '@/features/conversation';

export interface ChatPictureInput {
  characterId: string;
  conversationId: string;
  /** The message asking for it ("send me a picture of you by the sea"), saved as yours; none for the button. */
  content?: string;
}

/**
 * Affects the conversation's cached session: your message (if any) and the character's picture message join it; and
 * the images status, whose price of the next picture (free pictures left, balance) the composer shows.
 */
export function useRequestChatPicture() {
  return useMutation({
    mutationFn: ({ characterId, conversationId, content }: ChatPictureInput) =>
      requestChatPicture(characterId, { conversationId, ...(content ? { content } : {}) }),
    onSuccess: (r, { characterId, conversationId }) => {
      updateMessages(conversationId, (m) => [...m, ...(r.userMessage ? [r.userMessage] : []), r.message]);
      void queryClient.invalidateQueries({ queryKey: imagesKeys.status(characterId) });
    },
  });
}
