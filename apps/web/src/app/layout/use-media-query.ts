import { useSyncExternalStore } from 'react';

/** Desktop breakpoint (Tailwind `lg`): the sidebar docks at and above this width. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

function getMql(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = getMql(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    () => getMql(query)?.matches ?? false,
    () => false,
  );
}
