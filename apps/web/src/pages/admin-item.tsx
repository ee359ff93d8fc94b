import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useQueueItem } from '@/features/admin';
import { AccountCard } from '@/features/admin';
import { KindBadge, PriorityBadge, QueueStatusBadge } from '@/features/admin';
import { AdminError, AdminLoading } from '@/features/admin';
import { AuditList } from '@/features/admin';
import { Panel } from '@/features/admin';
import { ItemActions } from '@/features/admin';
import { ItemFacts } from '@/features/admin';
import { QueueRow } from '@/features/admin';
import { StaffTicket } from '@/features/admin';
import { SubjectContext } from '@/features/admin';
import { useDocumentTitle } from '@/lib/document-title';
import { dateTime } from '@/lib/format';

/** /admin/items/{id}: one queue item with everything needed to decide, and the decisions. */
export default function AdminItemPage() {
  const { id = '' } = useParams();
  const query = useQueueItem(id);
  useDocumentTitle(query.data ? query.data.title : 'Queue item');
  const back = (
    <Link
      to="/admin"
      className="inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Queue
    </Link>
  );
  if (query.isPending) return <AdminLoading label="Loading the item" />;
  if (query.isError) return <AdminError error={query.error} onRetry={() => void query.refetch()} what="this item" />;
  const item = query.data;
  return (
    <div className="grid gap-5">
      {back}
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <PriorityBadge priority={item.priority} />
          <KindBadge kind={item.kind} />
          <QueueStatusBadge status={item.status} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-fg">{item.title}</h1>
        <p className="text-sm text-fg-subtle">
          Came in {dateTime(item.createdAt)}
          {item.count > 1 ? ` · ${item.count} times, last ${dateTime(item.updatedAt)}` : ''}
          {item.resolvedAt ? ` · closed ${dateTime(item.resolvedAt)}` : ''}
        </p>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <ItemFacts item={item} />
          {item.ticket ? <StaffTicket ticket={item.ticket} /> : null}
          {item.context ? <SubjectContext context={item.context} /> : null}
          {item.ownerAccount ? <AccountCard account={item.ownerAccount} title={item.kind === 'ticket' ? 'Account' : 'Owner'} /> : null}
          <Panel title="Earlier actions">
            <AuditList entries={item.history} empty="No earlier actions on this content or account." />
          </Panel>
          {item.related.length ? (
            <Panel title="Related items">
              <ul className="grid gap-2">
                {item.related.map((r) => (
                  <QueueRow key={r.id} item={r} />
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>
        <div className="lg:sticky lg:top-20">{item.kind === 'ticket' ? null : <ItemActions item={item} />}</div>
      </div>
    </div>
  );
}
