import { NavLink } from 'react-router';
import { Home, ImagePlus, MessageCircle, UserPlus } from 'lucide-react';
import { cn } from '@/lib/utils';

export const BOTTOM_NAV_ITEMS = [
  { label: 'Home', to: '/', icon: Home },
  { label: 'Create Character', to: '/create-character', icon: UserPlus },
  { label: 'Create Image', to: '/generate-images', icon: ImagePlus },
  { label: 'Chats', to: '/chat', icon: MessageCircle },
] as const;

/** Fixed bottom navigation (SPEC §2): a full-width bar on phones, a floating dock on larger screens. */
export function BottomNav() {
  return (
    <nav
      data-testid="bottom-nav"
      aria-label="Quick navigation"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-bg/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl',
        'md:inset-x-auto md:bottom-4 md:left-1/2 md:-translate-x-1/2 md:rounded-2xl md:border md:pb-0 md:shadow-2xl md:shadow-black/60',
      )}
    >
      <ul className="grid h-(--bottom-nav-h) grid-cols-4 md:flex md:h-14 md:gap-1 md:px-2">
        {BOTTOM_NAV_ITEMS.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 rounded-xl px-2 text-[11px] font-medium transition-colors md:my-1.5 md:flex-row md:gap-2 md:px-4 md:text-sm',
                  isActive ? 'text-primary md:bg-primary/10' : 'text-fg-muted hover:text-fg md:hover:bg-surface-raised',
                )
              }
            >
              {({ isActive }) => (
                <>
                  {isActive ? (
                    <span
                      aria-hidden="true"
                      className="absolute top-0 h-0.5 w-8 rounded-full bg-linear-to-r from-primary to-accent md:hidden"
                    />
                  ) : null}
                  <Icon aria-hidden="true" className="size-5" />
                  <span className="whitespace-nowrap">{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
