import { useState } from 'react';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import type { ContentProblem, ReviewSurface } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useAskForReview } from '../api/ask-for-review';

/** How each rule reads for the author (the layers of the minors rule, and the policy's other rules). */
const RULE_LABELS: Record<string, string> = {
  'stated-age-under-18': 'Stated age under 18',
  'minor-life-stage': 'Child, teen or school level',
  'minor-body': 'Child-like body',
  'sexual-content': 'Sexual content',
  'llm-judge-s4': 'Safety review: sexual content involving a minor',
  'llm-judge-unavailable': 'Safety review could not run',
  'minors-sexual': 'Sexual content involving minors',
  bestiality: 'Sexual content involving animals',
  incest: 'Incest',
  'real-person-sexual': 'Sexual content about real people',
  'non-consensual-imagery': 'Intimate images without consent',
  'sexual-violence-real': 'Real sexual violence',
  necrophilia: 'Sexual content involving dead bodies',
  'sexual-exploitation': 'Sexual exploitation',
  'self-harm-promotion': 'Encouraging suicide or self-harm',
  'violent-extremism': 'Violent extremism',
  'hate-violence': 'Calls for violence against groups',
};

export function ruleLabel(rule: string): string {
  return RULE_LABELS[rule] ?? rule;
}

const FIELD_LABELS: Record<string, string> = {
  firstMes: 'Greeting',
  greeting: 'Greeting',
  mesExample: 'Example dialogue',
  exampleDialogue: 'Example dialogue',
  characterBook: 'Lorebook',
  tagNames: 'Tags',
  content: 'Message',
  message: 'Message',
  summary: 'Memory summary',
  prompt: 'Prompt',
  negativePrompt: 'Negative prompt',
};

/** A readable name for a field key ("characterBook.entries[0].content" → "Lorebook entry 1"). */
export function fieldLabelOf(field: string): string {
  const entry = /^characterBook\.entries\[(\d+)\]/.exec(field);
  if (entry) return `Lorebook entry ${Number(entry[1]) + 1}`;
  const greeting = /^alternateGreetings\[(\d+)\]/.exec(field);
  if (greeting) return `Alternate greeting ${Number(greeting[1]) + 1}`;
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/\[\d+\]|\.\d+/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A refusal's problems, carrying the id of the refusal (what "Ask for review" cites) when the server kept one. */
export type BlockedList = ContentProblem[] & { refusalId?: string };

/** The problems of a CONTENT_BLOCKED 422, when the server sent them (older servers sent only rule and field). */
export function problemsOf(details: Record<string, unknown> | undefined): BlockedList {
  const list = details?.problems;
  if (!Array.isArray(list)) return [];
  const problems: BlockedList = list.filter(
    (p): p is ContentProblem =>
      typeof p === 'object' && p !== null && typeof p.rule === 'string' && typeof p.field === 'string' && typeof p.span === 'string',
  );
  if (typeof details?.refusalId === 'string') problems.refusalId = details.refusalId;
  return problems;
}

/**
 * Every reason a text was blocked, at once: the rule and the words it matched, per field, and an "Ask for review"
 * button that sends them to the moderators, citing the refusal (only a refusal the server kept can be sent). User
 * text is rendered as text.
 */
export function BlockedProblems({
  problems,
  surface,
  characterId,
  fieldLabel = fieldLabelOf,
}: {
  problems: BlockedList;
  surface: ReviewSurface;
  characterId?: string;
  fieldLabel?: (field: string) => string;
}) {
  const review = useAskForReview();
  const [sent, setSent] = useState(false);
  if (problems.length === 0) return null;
  const { refusalId } = problems;
  const ask = () => {
    if (!refusalId) return;
    const sentProblems = problems.slice(0, 20).map(({ field, rule, span }) => ({ field, rule, span: span.slice(0, 300) }));
    review.mutate({ refusalId, surface, characterId, problems: sentProblems }, { onSuccess: () => setSent(true) });
  };
  return (
    <div className="grid gap-3 rounded-xl bg-danger-strong/10 p-4 text-sm ring-1 ring-danger-strong/40" aria-live="polite">
      <p className="flex items-center gap-2 font-medium text-fg">
        <ShieldAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />
        {problems.length === 1
          ? 'One thing was blocked by our content policy:'
          : `${problems.length} things were blocked by our content policy:`}
      </p>
      <ul className="grid gap-2" aria-label="Why it was blocked">
        {problems.map((p) => (
          <li key={`${p.field}:${p.start}:${p.rule}`} className="grid gap-0.5 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
            <span className="font-medium text-fg">{ruleLabel(p.rule)}</span>
            <span className="text-fg-muted">
              {fieldLabel(p.field)}: <mark className="rounded bg-danger-strong/25 px-1 text-fg">{p.span}</mark>
            </span>
          </li>
        ))}
      </ul>
      {sent ? (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          Sent. A moderator will look at this and the reasons it was blocked.
        </p>
      ) : refusalId ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="secondary" onClick={ask} disabled={review.isPending}>
            {review.isPending ? 'Sending...' : 'Ask for review'}
          </Button>
          <span className="text-fg-muted">If you think this was a mistake, a moderator can check it.</span>
          {review.isError ? (
            <span className="w-full text-danger" role="alert">
              {getErrorMessage(review.error, 'Could not send the request. Please try again.')}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
