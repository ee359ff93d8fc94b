import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PanelLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useSession } from '@/features/auth';
import { CoinBalanceButton } from './coin-balance-button';
import { NsfwToggle } from './nsfw-toggle';
import { SearchBox } from './search-box';
import { SIDEBAR_TOGGLE_ATTR } from './sidebar';
import { useSidebar } from './sidebar-state';

// The onboarding dialog (tags, preferences: the contract's schemas) loads on demand, after the first paint.
const OnboardingGate = lazy(() => import('@/features/users/components/onboarding-gate').then((m) => ({ default: m.OnboardingGate })));
// The account menu (Radix dropdown) loads on demand: it is not part of the JS budget of the first load.
const AccountActions = lazy(() => import('./account-actions').then((m) => ({ default: m.AccountActions })));
const accountPlaceholder = <span aria-hidden="true" className="size-9 rounded-full" />;
// The bell (notifications API, live stream, panel) loads on demand for signed-in users only.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

export function Header({ className }: { className?: string }) {
  const { toggle, open, isDesktop, collapsed } = useSidebar();
  const { user, status } = useSession();
  const expanded = isDesktop ? !collapsed : open;
  return (
    <header
      data-testid="header"
      className={cn('fixed inset-x-0 top-0 z-50 h-(--header-h) border-b border-border bg-bg/85 backdrop-blur-xl', className)}
    >
      <div className="flex h-full flex-wrap content-center items-center gap-x-1 gap-y-2 px-3 sm:gap-x-1.5 md:flex-nowrap md:gap-x-3 md:px-4">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Toggle sidebar"
          aria-controls="app-sidebar"
          aria-expanded={expanded}
          onClick={toggle}
          {...{ [SIDEBAR_TOGGLE_ATTR]: '' }}
        >
          <PanelLeft aria-hidden="true" />
        </Button>
        <Link to="/" aria-label="Reverie home" className="flex min-h-11 items-center gap-2 rounded-xl px-1 py-1">
          <img src="/favicon.svg" alt="" className="size-8 rounded-lg" width={32} height={32} />
          <span className="hidden bg-linear-to-r from-primary to-accent bg-clip-text text-lg font-extrabold tracking-tight text-transparent sm:inline">
            Reverie
          </span>
        </Link>
        <div className="order-last basis-full md:order-none md:mx-auto md:max-w-xl md:flex-1 md:basis-auto">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-1.5 md:ml-0 md:gap-2">
          <NsfwToggle />
          {user ? (
            <Suspense fallback={<span aria-hidden="true" className="size-9" />}>
              <NotificationBell userId={user.id} />
            </Suspense>
          ) : null}
          <CoinBalanceButton coins={user?.coins ?? 0} />
          <Suspense fallback={accountPlaceholder}>
            <AccountActions user={user} loading={status === 'loading'} />
          </Suspense>
        </div>
      </div>
      {/* Session dialogs that belong inside the age gate and the app shell (product.md §4 Onboarding). */}
      <Suspense fallback={null}>
        <OnboardingGate />
      </Suspense>
    </header>
  );
}
