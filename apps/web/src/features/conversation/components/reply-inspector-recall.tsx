// "Why this reply": the passages recall brought back from earlier in the conversation, best first, each with its
// date, its score and why it came (its words matched, its meaning was near, or both).
import { History } from 'lucide-react';
import type { RecalledPassage, RecallReason, ReplyInspection } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDecimal, formatNumber as n } from '@/lib/format';

const REASONS: Record<RecallReason, string> = { words: 'words', meaning: 'meaning', both: 'words and meaning' };

export function InspectorRecall({ inspection: i }: { inspection: ReplyInspection }) {
  const passages = i.recalled;
  return (
    <section aria-labelledby="inspector-recall">
      <h3 id="inspector-recall" className="mb-1 flex items-center gap-2 font-semibold text-fg">
        <History className="size-4 text-primary" aria-hidden="true" /> Recalled
      </h3>
      {passages.length === 0 ? (
        <p className="text-xs text-fg-subtle">Nothing from earlier in the conversation was recalled for this reply.</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-fg-subtle">From earlier in the conversation, outside what the model saw anyway, best first.</p>
          <ol className="flex flex-col gap-2" data-testid="inspector-recalled">
            {passages.map((p) => (
              <Passage key={p.messageId} passage={p} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Passage({ passage: p }: { passage: RecalledPassage }) {
  return (
    <li className="rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-subtle">
        <span className="font-medium text-fg-muted">{p.role === 'user' ? 'You' : 'Character'}</span>
        <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time>
        <Badge variant="primary">by {REASONS[p.why]}</Badge>
        <span>
          score {formatDecimal(p.score, 4)}
          {p.similarity !== undefined ? ` · similarity ${formatDecimal(p.similarity, 2)}` : ''} · {n(p.tokens)} tokens
        </span>
      </div>
      <p className="break-words whitespace-pre-wrap text-fg-muted">{p.content}</p>
    </li>
  );
}
