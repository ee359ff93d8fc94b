import { Link } from 'react-router';
import { ChevronRight, Inbox, Repeat } from 'lucide-react';
import type { QueueItem } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { timeAgo } from '@/lib/format';
import { KindBadge, PriorityBadge, QueueStatusBadge } from './admin-badges';

export function QueueRow({ item }: { item: QueueItem }) {
  return (
    <li>
      <Link
        to={`/admin/items/${item.id}`}
        data-testid="queue-item"
        className="flex items-center gap-3 rounded-2xl bg-surface p-4 ring-1 ring-border transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <PriorityBadge priority={item.priority} />
            <KindBadge kind={item.kind} />
            {item.status !== 'open' ? <QueueStatusBadge status={item.status} /> : null}
            {item.count > 1 ? (
              <span className="inline-flex items-center gap-1 text-[11px] text-fg-subtle">
                <Repeat className="size-3" aria-hidden="true" />×{item.count}
              </span>
            ) : null}
          </span>
          <span className="mt-1.5 block font-medium break-words text-fg">{item.title}</span>
          <span className="mt-0.5 block text-xs text-fg-subtle">
            {item.owner ? `@${item.owner.username} · ` : ''}
            {item.status === 'open' ? `updated ${timeAgo(item.updatedAt)}` : `closed ${timeAgo(item.resolvedAt ?? item.updatedAt)}`}
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
      </Link>
    </li>
  );
}

export function QueueList({ items, emptyTitle }: { items: QueueItem[]; emptyTitle: string }) {
  if (items.length === 0) {
    return (
      <EmptyState icon={<Inbox />} title={emptyTitle} description="Reports, removal requests, blocked content and tickets land here." />
    );
  }
  return (
    <ul aria-label="Queue" className="grid gap-2">
      {items.map((i) => (
        <QueueRow key={i.id} item={i} />
      ))}
    </ul>
  );
}
