import { Link, useLocation } from 'react-router';
import { Home, ImagePlus, MessageCircle, UserPlus } from 'lucide-react';
import { cn } from '@/lib/utils';
import { isNavItemActive } from './sidebar-items';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export const BOTTOM_NAV_ITEMS = [
  { label: 'Home', to: '/', icon: Home, aliases: ['/ForYouPage'] },
  { label: 'Create Character', to: '/create-character', icon: UserPlus },
  { label: 'Create Image', to: '/generate-images', icon: ImagePlus },
  { label: 'Chats', to: '/chat', icon: MessageCircle, aliases: ['/recent-chats', '/test-chat', '/group'] },
] as const;

/**
 * Fixed bottom navigation (product.md §2), only where the sidebar is a drawer (below 1024 px): on desktop the docked
 * sidebar already holds these links. The shell's <main> reserves its height, so it never covers content.
 */
export function BottomNav() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { pathname } = useLocation();
  if (isDesktop) return null;
  return (
    <nav
      data-testid="bottom-nav"
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-bg/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl"
    >
      <ul className="mx-auto grid h-(--bottom-nav-h) max-w-2xl grid-cols-4">
        {BOTTOM_NAV_ITEMS.map((item) => {
          const { label, to, icon: Icon } = item;
          const isActive = isNavItemActive(pathname, item);
          return (
            <li key={to} className="flex">
              <Link
                to={to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 rounded-xl px-2 text-[11px] font-medium transition-colors sm:text-xs',
                  isActive ? 'text-primary' : 'text-fg-muted hover:text-fg',
                )}
              >
                {isActive ? (
                  <span aria-hidden="true" className="absolute top-0 h-0.5 w-8 rounded-full bg-linear-to-r from-primary to-accent" />
                ) : null}
                <Icon aria-hidden="true" className="size-5" />
                <span className="whitespace-nowrap">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
