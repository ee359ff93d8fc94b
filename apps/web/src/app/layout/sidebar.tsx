import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/features/auth';
import { cn } from '@/lib/utils';
import { isNavItemActive, sidebarItems, type SidebarLink } from './sidebar-items';
import { SidebarFooter } from './sidebar-footer';
import { useSidebar } from './sidebar-state';

export const SIDEBAR_TOGGLE_ATTR = 'data-sidebar-toggle';

function SidebarNavItem({ item, collapsed, onNavigate }: { item: SidebarLink; collapsed: boolean; onNavigate: () => void }) {
  const Icon = item.icon;
  // Computed here rather than with NavLink's render props: the tooltip trigger merges a plain className.
  const isActive = isNavItemActive(useLocation().pathname, item);
  return (
    <li>
      <Tooltip content={item.label} side="right" disabled={!collapsed}>
        <Link
          to={item.to}
          onClick={onNavigate}
          aria-current={isActive ? 'page' : undefined}
          aria-label={collapsed ? item.label : undefined}
          className={cn(
            'group flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors',
            collapsed && 'justify-center px-0',
            isActive
              ? 'bg-linear-to-r from-primary-strong/25 to-accent-strong/15 text-fg ring-1 ring-primary/30'
              : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
          )}
        >
          <Icon aria-hidden="true" className={cn('size-5 shrink-0', isActive ? 'text-primary' : 'text-fg-subtle group-hover:text-fg')} />
          {collapsed ? null : <span className="truncate">{item.label}</span>}
        </Link>
      </Tooltip>
    </li>
  );
}

export function Sidebar() {
  const { open, collapsed, overlay, width, close } = useSidebar();
  const user = useCurrentUser();
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // The drawer closes on navigation, on Escape and on any press outside it (the toggle handles itself).
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!overlay) return;
    const onPointerDown = (e: Event) => {
      const target = e.target as Element | null;
      if (!target || ref.current?.contains(target) || target.closest?.(`[${SIDEBAR_TOGGLE_ATTR}]`)) return;
      close();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [overlay, close]);

  return (
    <>
      {overlay ? (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden="true"
          className="fixed inset-x-0 top-(--header-h) bottom-0 z-[45] bg-black/50 backdrop-blur-md animate-fade-in"
        />
      ) : null}
      <aside
        ref={ref}
        id="app-sidebar"
        data-testid="sidebar"
        data-collapsed={collapsed}
        data-state={open ? 'open' : 'closed'}
        aria-label="Sidebar"
        hidden={!open}
        style={{ width }}
        className={cn(
          'fixed top-(--header-h) bottom-0 left-0 z-50 flex flex-col border-r border-border bg-surface/95 backdrop-blur-xl transition-[width] duration-200',
          overlay && 'shadow-2xl shadow-black/70 animate-fade-in',
        )}
      >
        <nav aria-label="Main" className="flex-1 overflow-y-auto overflow-x-hidden p-3">
          <ul className="flex flex-col gap-1">
            {sidebarItems(user?.id ?? null).map((item, i) =>
              item ? (
                <SidebarNavItem key={item.label} item={item} collapsed={collapsed} onNavigate={close} />
              ) : (
                // A plain list item (a list holds only items): the line is decoration, hidden from screen readers.
                <li key={`divider-${i}`} aria-hidden="true" className="my-2 h-px bg-border" />
              ),
            )}
          </ul>
        </nav>
        <SidebarFooter user={user} collapsed={collapsed} />
      </aside>
    </>
  );
}
