import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Inbox, MessageSquare } from 'lucide-react';
import { TicketStatus, type TicketStatus as Status } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { timeAgo } from '@/lib/format';
import { cn } from '@/lib/utils';
import { TICKETS_PAGE, useTickets } from '../api/get-tickets';
import { CATEGORY_LABELS, STATUS_LABELS } from '../lib/labels';
import { TicketStatusBadge } from './ticket-status-badge';

interface Props {
  status: Status | undefined;
  page: number;
  onStatus: (s: Status | undefined) => void;
  onPage: (p: number) => void;
}

function Filter({ status, onStatus }: Pick<Props, 'status' | 'onStatus'>) {
  const options: Array<[Status | undefined, string]> = [
    [undefined, 'All'],
    ...TicketStatus.options.map((s) => [s, STATUS_LABELS[s]] as [Status, string]),
  ];
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1.5">
      {options.map(([value, label]) => (
        <button
          key={label}
          type="button"
          aria-pressed={status === value}
          onClick={() => onStatus(value)}
          className={cn(
            'h-8 rounded-full px-3 text-xs font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            status === value ? 'bg-primary/15 text-primary ring-primary/40' : 'bg-surface text-fg-muted ring-border hover:text-fg',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The caller's tickets, filterable by status, newest activity first. */
export function TicketList({ status, page, onStatus, onPage }: Props) {
  const query = useTickets(status, page);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / TICKETS_PAGE)) : 1;
  return (
    <section aria-label="Your tickets" className="grid min-w-0 grid-cols-1 gap-4">
      <Filter status={status} onStatus={onStatus} />
      {query.isPending ? (
        <div role="status" aria-label="Loading tickets" className="grid gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState description="We could not load your tickets." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title={status ? `No ${STATUS_LABELS[status].toLowerCase()} tickets` : 'No tickets yet'}
          description={status ? 'Try another status.' : 'When you open a ticket, it appears here with every reply.'}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {query.data.items.map((t) => (
            <li key={t.id}>
              <Link
                to={`/support/${t.id}`}
                className="flex flex-col gap-2 rounded-2xl bg-surface p-4 ring-1 ring-border transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-fg">{t.subject}</span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-subtle">
                    <span>{CATEGORY_LABELS[t.category]}</span>
                    <span className="inline-flex items-center gap-1">
                      <MessageSquare className="size-3.5" aria-hidden="true" />
                      {t.messageCount} message{t.messageCount === 1 ? '' : 's'}
                    </span>
                    <span>updated {timeAgo(t.updatedAt)}</span>
                  </span>
                </span>
                <TicketStatusBadge status={t.status} className="self-start sm:self-center" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.data && pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Newer
          </Button>
          <span className="text-xs text-fg-subtle">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Older
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
