// Why the last action failed, in words on the chat page: no coins, blocked content, the model, the connection.
import { useCallback, useState } from 'react';
import type { ContentProblem, SpendingCapDetails } from '@reverie/shared';
import { useMembershipModal } from '@/features/billing';
import { useGuestPrompt } from '@/features/guest';
import { problemsOf } from '@/features/moderation';
import { isSpendingCap, spendingCapOf } from '@/features/billing';
import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { ConnectionLostError, StreamError } from '../api/stream-reply';

export type Problem =
  /** `atCap`: refused at the user's own spending cap (402 SPENDING_CAP), not for a short balance; `cap`: its details. */
  | { kind: 'coins'; message: string; atCap?: boolean; cap?: SpendingCapDetails | null }
  | { kind: 'blocked'; message: string; problems?: ContentProblem[] }
  | { kind: 'model'; message: string }
  /** NSFW is closed where the user is until their age is checked (403 AGE_ASSURANCE_REQUIRED): a group's NSFW member. */
  | { kind: 'age'; message: string }
  | { kind: 'connection'; message: string }
  | { kind: 'other'; message: string };

/** An error answer as a problem to show; 503 also refreshes the model status, which says more. */
function problemOfApiError(error: ApiError): Problem {
  const message = error.serverMessage ?? error.message;
  if (error.status === 402) return { kind: 'coins', message, atCap: isSpendingCap(error), cap: spendingCapOf(error) };
  if (error.code === 'CONTENT_BLOCKED') return { kind: 'blocked', message, problems: problemsOf(error.details) };
  if (error.code === 'AGE_ASSURANCE_REQUIRED') return { kind: 'age', message };
  if (error.status === 503) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.status() });
    return { kind: 'model', message };
  }
  return { kind: 'other', message };
}

/** A refusal that came as the stream's `error` event (a group's speaker is picked after the stream opens). */
const streamProblemKind = (code: string): Problem['kind'] =>
  code === 'CONTENT_BLOCKED' ? 'blocked' : code === 'AGE_ASSURANCE_REQUIRED' ? 'age' : 'other';

/**
 * The problem banner's state, and `explain(error)`: a 401 opens the sign-up prompt, a membership refusal the
 * membership modal, anything else known becomes the banner. False for errors it does not know (the caller toasts).
 */
export function useChatProblem(characterName: string) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const guestPrompt = useGuestPrompt();
  const membership = useMembershipModal();
  const explain = useCallback(
    (error: unknown): boolean => {
      if (error instanceof ApiError) {
        if (error.status === 401) guestPrompt.open(`chat with ${characterName}`);
        else if (!membership.openForError(error, `chat with ${characterName}`)) setProblem(problemOfApiError(error));
        return true;
      }
      if (error instanceof ConnectionLostError) setProblem({ kind: 'connection', message: error.message });
      else if (error instanceof StreamError) setProblem({ kind: streamProblemKind(error.code), message: error.message });
      else return false;
      return true;
    },
    [characterName, guestPrompt, membership],
  );
  const clearProblem = useCallback(() => setProblem(null), []);
  return { problem, explain, clearProblem };
}
