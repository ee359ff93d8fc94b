import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?message=` (a match picked in the search across chats): shown once the conversation is open, through the message
 * window's `jumpTo` (a one-to-one chat's or a group chat's). Each id once, so a later scroll is not pulled back.
 */
export function useJumpFromAddress(jumpTo: (messageId: string) => void) {
  const [params] = useSearchParams();
  const messageId = params.get('message');
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!messageId || done.current === messageId) return;
    done.current = messageId;
    jumpTo(messageId);
  }, [messageId, jumpTo]);
}
