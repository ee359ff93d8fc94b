import { useSearchParams } from 'react-router';
import { QueueKind } from '@reverie/shared';
import { AdminError, AdminLoading } from '@/features/admin';
import { Pager } from '@/features/admin';
import { QueueFilters, type QueueFilterValue, type StatusFilter } from '@/features/admin';
import { QueueList } from '@/features/admin';
import { useQueue } from '@/features/admin';
import { useDocumentTitle } from '@/lib/document-title';

const LIMIT = 20;
const STATUSES: StatusFilter[] = ['open', 'resolved', 'dismissed', 'all'];

/** /admin: the moderation queue, filters in the URL. */
export default function AdminQueuePage() {
  useDocumentTitle('Moderation queue');
  const [params, setParams] = useSearchParams();
  const status = (STATUSES.find((s) => s === params.get('status')) ?? 'open') as StatusFilter;
  const kindParse = QueueKind.safeParse(params.get('kind'));
  const filter: QueueFilterValue = { status, kind: kindParse.success ? kindParse.data : undefined, highOnly: params.get('high') === '1' };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQueue({ status: filter.status, kind: filter.kind, highOnly: filter.highOnly ? 'true' : undefined, page, limit: LIMIT });
  const go = (f: QueueFilterValue, p = 1) => {
    const next = new URLSearchParams();
    if (f.status !== 'open') next.set('status', f.status);
    if (f.kind) next.set('kind', f.kind);
    if (f.highOnly) next.set('high', '1');
    if (p > 1) next.set('page', String(p));
    setParams(next, { replace: true });
  };
  return (
    <div className="grid gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Moderation queue</h1>
        <p className="mt-1 text-sm text-fg-muted">Reports, removal requests, blocked content and support tickets, high priority first.</p>
      </header>
      <QueueFilters value={filter} openCounts={query.data?.openCounts ?? {}} onChange={(f) => go(f)} />
      {query.isPending ? (
        <AdminLoading label="Loading the queue" />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} what="the queue" />
      ) : (
        <>
          <QueueList items={query.data.items} emptyTitle={filter.status === 'open' ? 'Nothing waiting' : 'Nothing here'} />
          <Pager page={page} total={query.data.total} limit={LIMIT} onPage={(p) => go(filter, p)} />
        </>
      )}
    </div>
  );
}
