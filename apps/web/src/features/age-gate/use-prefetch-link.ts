import { useEffect } from 'react';

/** Adds `<link rel="prefetch" href>` to the document head while `active`, and removes it afterwards. */
export function usePrefetchLink(href: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [href, active]);
}
