import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

/** product.md §9: sidebar width 64 px collapsed, 256 px expanded. */
export const SIDEBAR_WIDTH = { expanded: 256, collapsed: 64 } as const;

interface SidebarState {
  /** Desktop: docked and always visible. Mobile: a drawer that is hidden until opened. */
  isDesktop: boolean;
  /** Whether the sidebar is visible at all (always true when docked). */
  open: boolean;
  /** Icon-only rail (desktop only). */
  collapsed: boolean;
  /** The drawer overlays the page: it blurs the page and closes on an outside click. */
  overlay: boolean;
  width: number;
  toggle: () => void;
  close: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  const toggle = useCallback(() => {
    if (isDesktop) setCollapsed((c) => !c);
    else setDrawerOpen((o) => !o);
  }, [isDesktop]);
  const close = useCallback(() => setDrawerOpen(false), []);

  const value = useMemo<SidebarState>(() => {
    const open = isDesktop || drawerOpen;
    const isCollapsed = isDesktop && collapsed;
    return {
      isDesktop,
      open,
      collapsed: isCollapsed,
      overlay: !isDesktop && drawerOpen,
      width: isCollapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded,
      toggle,
      close,
    };
  }, [isDesktop, drawerOpen, collapsed, toggle, close]);

  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return ctx;
}
