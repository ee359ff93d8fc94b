import { useRequestChatPicture } from '../api/request-chat-picture';

interface Options {
  characterId: string;
  conversationId: string;
  /** A reply is being written: no picture meanwhile. */
  busy: boolean;
  explain: (error: unknown) => boolean;
  clearProblem: () => void;
  /** The picture's messages are in the cache: follow them to the bottom and fetch the server's copy. */
  onAdded: () => void;
}

/** "Send me a picture" (the button, or a message asking for one): charged like any image, shown when ready. */
export function useAskPicture({ characterId, conversationId, busy, explain, clearProblem, onAdded }: Options) {
  const picture = useRequestChatPicture();
  const ask = async (content?: string): Promise<boolean> => {
    if (busy || picture.isPending) return false;
    clearProblem();
    try {
      await picture.mutateAsync({ characterId, conversationId, content });
      onAdded();
      return true;
    } catch (error) {
      explain(error);
      return false;
    }
  };
  return { ask, pending: picture.isPending };
}
