// The pipeline's crisis step (the crisis protocol, docs/compliance.md; modules/moderation does the finding): whether a
// reply steps out of the role-play, decided once here for every use case and source. A message the user sends now is
// checked (its card is shown, kept with it and counted); any other reply (regenerate, in the middle too, continue, a
// group's "speak") follows the message it answers as it is now: a person's message whose stored card says it
// expresses a crisis (an edit checks the words again and adds or takes the card away) gets the step-out again.
import type { CrisisFinding, CrisisSupport } from '../moderation/crisis.service.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow } from './chat.repo.ts';
import type { GenerationRequest, ReplyKind } from './pipeline.types.ts';

export interface CrisisTurn {
  /** The reply steps out of the role-play (CRISIS_TURN_INSTRUCTION). */
  stepOut: boolean;
  /** What a message sent now expressed (to count once it is saved); null for any other reply. */
  finding: CrisisFinding | null;
  /** What the chat shows under a message sent now; null otherwise (an earlier message shows its stored card). */
  support: CrisisSupport | null;
  /** The key of the resources to store with a message sent now. */
  card: string | null;
}

export async function crisisTurn(
  deps: Pick<ChatDeps, 'crisis'>,
  r: { kind: ReplyKind; req: GenerationRequest; newest: ChatMessageRow[]; target: ChatMessageRow | undefined },
): Promise<CrisisTurn> {
  if (r.kind === 'send') {
    const found = r.req.content ? await deps.crisis.check(r.req.content, r.req.country) : null;
    return { stepOut: found !== null, finding: found?.finding ?? null, support: found?.support ?? null, card: found?.card ?? null };
  }
  return { stepOut: answersCrisis(r.newest, r.target), finding: null, support: null, card: null };
}

/**
 * Whether the message a reply answers is a person's with a crisis card: the message before the reply rewritten
 * (`target`), or the newest one for a new reply. `newest` is newest first.
 */
export function answersCrisis(newest: ChatMessageRow[], target: Pick<ChatMessageRow, 'id'> | undefined): boolean {
  const rewritten = target ? newest.findIndex((m) => m.id === target.id) : -1;
  if (target && rewritten < 0) return false;
  const answered = newest[rewritten + 1];
  return answered?.role === 'user' && answered.crisisCard !== null;
}
