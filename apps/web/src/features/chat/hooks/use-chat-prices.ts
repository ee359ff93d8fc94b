// Prices before action in the chat (issue #32): what a message, a regenerate, a continue and a picture cost now, from
// the session's cost and the images status the server sends, and the confirmation above the user's threshold.
import type { ChatSession } from '@reverie/shared';
import { useConfirmSpend } from '@/features/billing';
import { messagePrice, picturePrice } from '@/features/billing';
import { useGenerationStatus } from '@/features/images';

export type CostlyChatAction = 'message' | 'regenerate' | 'continue' | 'picture';

const WHAT: Record<CostlyChatAction, string> = {
  message: 'This message',
  regenerate: 'Regenerating this reply',
  continue: 'Continuing this reply',
  picture: 'This picture',
};

export function useChatPrices(characterId: string, session: Pick<ChatSession, 'cost' | 'freeReply' | 'messages'>) {
  const images = useGenerationStatus(characterId);
  const spend = useConfirmSpend();
  const message = messagePrice(session.cost);
  const picture = images.data?.provider.ready ? picturePrice(images.data.cost) : null; // no price while pictures cannot be made
  // "Get a reply (free)": the reply a server failure lost costs nothing, so nothing to confirm.
  const owed = Boolean(session.freeReply) && session.messages.at(-1)?.role === 'user';
  /**
   * Runs `action` once the user agreed to its price (asked only above their threshold); false when they declined.
   * `messageId`: a regenerate of that reply (in the middle), never the free "Get a reply".
   */
  const guard = async <T>(kind: CostlyChatAction, action: () => T | Promise<T>, messageId?: string): Promise<T | false> => {
    if (kind === 'regenerate' && !messageId && owed) return action();
    const ok = await spend.confirm(kind === 'picture' ? picture : message, WHAT[kind]);
    return ok ? action() : false;
  };
  return { message, picture, guard, dialog: spend.dialog };
}

export type ChatPrices = ReturnType<typeof useChatPrices>;
