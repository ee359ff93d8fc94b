// "Why this reply": the memories of the journal that went into the prompt (the pinned ones first, then the newest,
// within their share of the recall budget), with their text as it is now; one forgotten since is not listed.
import { BookHeart, Pin } from 'lucide-react';
import type { ReplyInspection } from '@reverie/shared';
import { formatNumber as n } from '@/lib/format';

export function InspectorJournal({ inspection: i }: { inspection: ReplyInspection }) {
  const memories = i.journal;
  return (
    <section aria-labelledby="inspector-journal">
      <h3 id="inspector-journal" className="mb-1 flex items-center gap-2 font-semibold text-fg">
        <BookHeart className="size-4 text-primary" aria-hidden="true" /> Journal
      </h3>
      {memories.length === 0 ? (
        <p className="text-xs text-fg-subtle">No memories of the journal went into this reply.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="inspector-journal">
          {memories.map((m) => (
            <li key={m.id} className="rounded-lg bg-surface-raised px-3 py-2 text-fg-muted ring-1 ring-border">
              <div className="mb-1 flex items-center gap-2 text-xs text-fg-subtle">
                {m.pinned && (
                  <span className="flex items-center gap-1 font-medium text-fg-muted">
                    <Pin className="size-3" aria-hidden="true" /> Pinned
                  </span>
                )}
                <span>{n(m.tokens)} tokens</span>
              </div>
              <p className="break-words whitespace-pre-wrap">{m.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
