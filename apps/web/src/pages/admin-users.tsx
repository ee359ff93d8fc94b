import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Search, Users } from 'lucide-react';
import type { AccountSummary } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useUsers } from '@/features/admin';
import { Initials } from '@/features/admin';
import { AdminError, AdminLoading } from '@/features/admin';
import { Pager } from '@/features/admin';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/users: find accounts by username or e-mail, or list the suspended ones. */
export default function AdminUsersPage() {
  useDocumentTitle('Accounts');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const suspendedOnly = params.get('suspended') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const query = useUsers({ q, suspendedOnly, page });
  const go = (next: { q?: string; suspendedOnly?: boolean; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if (next.suspendedOnly ?? suspendedOnly) p.set('suspended', '1');
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: text.trim(), page: 1 });
  };
  return (
    <div className="grid gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Accounts</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Find an account to see its history, warn or suspend it, or (admins) adjust coins and roles.
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-3">
        <form onSubmit={submit} role="search" className="flex min-w-0 flex-1 gap-2">
          <Input
            aria-label="Username or e-mail"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Username or e-mail"
            maxLength={120}
          />
          <Button type="submit" variant="secondary" className="shrink-0">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
        <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
          <Switch checked={suspendedOnly} onCheckedChange={(v) => go({ suspendedOnly: v, page: 1 })} aria-label="Suspended only" />
          Suspended only
        </label>
      </div>
      {query.isPending ? (
        <AdminLoading label="Loading accounts" />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} what="accounts" />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={<Users />} title="No accounts found" description="Try part of a username or e-mail address." />
      ) : (
        <>
          <ul className="grid gap-2">
            {query.data.items.map((a) => (
              <li key={a.id}>
                <AccountRow account={a} />
              </li>
            ))}
          </ul>
          <Pager page={page} total={query.data.total} limit={20} onPage={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}

/** One account in the results: initials, username, e-mail, role, and its suspension and warnings, linking to its page. */
function AccountRow({ account }: { account: AccountSummary }) {
  return (
    <Link
      to={`/admin/users/${account.id}`}
      className="flex items-center gap-3 rounded-2xl bg-surface p-3.5 ring-1 ring-border hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Initials name={account.username} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-fg">@{account.username}</span>
        <span className="block truncate text-xs text-fg-subtle">{account.email}</span>
      </span>
      <span className="hidden text-xs text-fg-muted sm:block">{account.role}</span>
      {account.suspendedAt ? (
        <span className="rounded-full bg-danger-strong/15 px-2 py-0.5 text-[11px] font-semibold text-danger ring-1 ring-danger/30">
          Suspended
        </span>
      ) : null}
      {account.warnings ? (
        <span className="text-xs text-fg-subtle">
          {account.warnings} warning{account.warnings === 1 ? '' : 's'}
        </span>
      ) : null}
    </Link>
  );
}
