import { Link, Outlet, useLocation } from 'react-router';
import { ArrowLeft, Inbox, ScrollText, ShieldCheck, Users } from 'lucide-react';
import { RequireSession } from '@/features/auth';
import { useSession } from '@/features/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';

const tabs = [
  { to: '/admin', label: 'Queue', icon: Inbox, match: (p: string) => p === '/admin' || p === '/admin/' || p.startsWith('/admin/items') },
  { to: '/admin/users', label: 'Users', icon: Users, match: (p: string) => p.startsWith('/admin/users') },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, match: (p: string) => p.startsWith('/admin/audit') },
];

/**
 * The console stands apart from the app shell (like the sandbox checkout): it is not in the user navigation, and it
 * loads nothing from other sites (no generated avatars, no outside images).
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const { user, status } = useSession();
  // Each console page titles the tab; a guest sees the sign-in prompt under this title.
  useDocumentTitle(user || status === 'loading' ? undefined : 'Admin console');
  return (
    <div className="min-h-dvh bg-bg">
      <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur-xl">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <span className="flex items-center gap-2 font-bold text-fg">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            Reverie admin
          </span>
          <nav aria-label="Admin console" className="order-last flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {tabs.map(({ to, label, icon: Icon, match }) => {
              const active = match(pathname);
              return (
                <Link
                  key={to}
                  to={to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                    active ? 'bg-surface-raised text-fg ring-1 ring-border-strong' : 'text-fg-muted hover:text-fg',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              );
            })}
          </nav>
          <a
            href="/"
            className="ml-auto inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Reverie
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
        <RequireSession title="Sign in to use the admin console" description="The console is for moderators and administrators.">
          {() => <Outlet />}
        </RequireSession>
      </main>
    </div>
  );
}
