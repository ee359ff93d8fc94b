import { lazy, Suspense, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MembershipModalProvider } from '@/features/billing';
import { cn } from '@/lib/utils';
import { usePwa } from '@/lib/pwa';
import { useOnline } from '@/lib/use-online';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { useVisualViewportHeight } from './use-visual-viewport';
import { Sidebar } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';

// Both talk to the API through the shared contract (zod): loaded after the first paint, they stay out of the
// first load's JavaScript budget (e2e/js-budget.e2e.ts).
const UnverifiedEmailBanner = lazy(() =>
  import('@/features/auth/components/unverified-email-banner').then((m) => ({ default: m.UnverifiedEmailBanner })),
);
const AppStatusNotes = lazy(() => import('./app-status').then((m) => ({ default: m.AppStatusNotes })));
const MergeLocalSync = lazy(() => import('@/features/favorites/components/merge-local-sync').then((m) => ({ default: m.MergeLocalSync })));

/** Offline, or a new build waiting: a note over the page (loaded only then). */
function AppStatus() {
  const { updateReady } = usePwa();
  const online = useOnline();
  if (online && !updateReady) return null;
  return (
    <Suspense fallback={null}>
      <AppStatusNotes online={online} updateReady={updateReady} />
    </Suspense>
  );
}

/** Inside a conversation the chat is the whole screen below 1024 px: its own header replaces the shell's. */
export const isConversationPath = (pathname: string) => /^\/(chat\/[^/]+|group\/[^/]+|test-chat)\/?$/.test(pathname);

function Shell() {
  const { width, overlay } = useSidebar();
  const { pathname } = useLocation();
  const conversation = isConversationPath(pathname);
  useVisualViewportHeight(conversation);
  return (
    <div style={{ '--sidebar-w': `${width}px` } as CSSProperties} className="min-h-dvh" data-conversation={conversation || undefined}>
      <a
        href="#main"
        className="sr-only z-[70] rounded-xl bg-surface-raised px-4 py-2 text-sm font-semibold text-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Suspense fallback={null}>
        <MergeLocalSync />
      </Suspense>
      <Header className={conversation ? 'max-lg:hidden' : undefined} />
      <Sidebar />
      <main
        id="main"
        tabIndex={-1}
        inert={overlay}
        className={cn(
          // Below lg the bottom bar is shown: its height (and the safe area) is reserved under the content.
          'min-h-dvh pt-(--header-h) pb-[calc(var(--bottom-nav-h)+env(safe-area-inset-bottom)+1rem)] transition-[padding] duration-200 focus:outline-none lg:pb-10 lg:pl-(--sidebar-w)',
          // A conversation is exactly one screen high (above a phone's on-screen keyboard: --vvh): the banners take
          // their line and the conversation the rest, so its composer stays on screen whatever shows above it.
          conversation && 'flex h-(--vvh,100dvh) min-h-0 flex-col max-lg:pt-0 max-lg:pb-0 lg:h-dvh lg:pb-0',
        )}
      >
        {/* The verify-email page speaks about the address itself. */}
        <Suspense fallback={null}>{pathname === '/verify-email' ? null : <UnverifiedEmailBanner compact={conversation} />}</Suspense>
        {/* A conversation fills the window; every other page ends with the footer, which starts below the first
            screen so it does not show there while the page loads and then jump away (layout shift). */}
        {conversation ? (
          <div className="min-h-0 flex-1">
            <Outlet />
          </div>
        ) : (
          <>
            <div className="min-h-[calc(100dvh-var(--header-h))]">
              <Outlet />
            </div>
            <SiteFooter />
          </>
        )}
      </main>
      {conversation ? null : <BottomNav />}
      <AppStatus />
    </div>
  );
}

export function AppLayout() {
  return (
    <SidebarProvider>
      <MembershipModalProvider>
        <Shell />
      </MembershipModalProvider>
    </SidebarProvider>
  );
}
