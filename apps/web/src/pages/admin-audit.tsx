import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Filter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAudit } from '@/features/admin';
import { AdminError, AdminLoading } from '@/features/admin';
import { AuditList } from '@/features/admin';
import { Pager } from '@/features/admin';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/audit: every moderation action, newest first; nothing here can be changed or deleted. */
export default function AdminAuditPage() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const targetId = params.get('target') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(targetId);
  const query = useAudit({ targetId: targetId || undefined, page });
  const go = (t: string, p = 1) => {
    const next = new URLSearchParams();
    if (t) next.set('target', t);
    if (p > 1) next.set('page', String(p));
    setParams(next, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(text.trim());
  };
  return (
    <div className="grid gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Audit log</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Who did what, when and why. Entries are permanent: the database refuses to change or delete them.
        </p>
      </header>
      <form onSubmit={submit} className="flex gap-2">
        <Input
          aria-label="Only entries about this id"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Filter by the id of an account, character, ticket…"
          maxLength={64}
        />
        <Button type="submit" variant="secondary" className="shrink-0">
          <Filter aria-hidden="true" />
          Filter
        </Button>
      </form>
      {query.isPending ? (
        <AdminLoading label="Loading the audit log" />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} what="the audit log" />
      ) : (
        <>
          <AuditList entries={query.data.items} empty={targetId ? 'No actions about this id.' : 'No actions yet.'} />
          <Pager page={page} total={query.data.total} limit={25} onPage={(p) => go(targetId, p)} />
        </>
      )}
    </div>
  );
}
