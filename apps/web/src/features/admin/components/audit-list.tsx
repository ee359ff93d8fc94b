import { Link } from 'react-router';
import { ScrollText } from 'lucide-react';
import type { AuditEntry } from '@reverie/shared';
import { dateTime } from '@/lib/format';
import { ACTION_LABELS } from '../lib/labels';

const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([k, v]) => k !== 'idempotencyKey' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');

/** Audit entries, newest first: who did what to what, when and why (all as text). */
export function AuditList({ entries, empty = 'Nothing recorded yet.' }: { entries: AuditEntry[]; empty?: string }) {
  if (entries.length === 0) return <p className="text-sm text-fg-subtle">{empty}</p>;
  return (
    <ol aria-label="Audit entries" className="grid gap-2">
      {entries.map((e) => {
        const details = detailText(e.details);
        return (
          <li key={e.id} data-testid="audit-entry" className="grid gap-1 rounded-xl bg-bg/50 p-3 text-sm ring-1 ring-border">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ScrollText className="size-4 text-fg-subtle" aria-hidden="true" />
              <span className="font-semibold text-fg">{ACTION_LABELS[e.action] ?? e.action}</span>
              {e.targetLabel ? <span className="min-w-0 break-words text-fg-muted">· {e.targetLabel}</span> : null}
              <time dateTime={e.createdAt} className="ml-auto text-xs text-fg-subtle">
                {dateTime(e.createdAt)}
              </time>
            </div>
            <p className="break-words whitespace-pre-wrap text-fg-muted">“{e.reason}”</p>
            <p className="text-xs text-fg-subtle">
              by{' '}
              {e.actor ? (
                <Link to={`/admin/users/${e.actor.id}`} className="text-primary hover:underline">
                  @{e.actor.username}
                </Link>
              ) : (
                'a deleted account'
              )}{' '}
              ({e.actorRole}){details ? ` · ${details}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
