import { useEffect } from 'react';

/**
 * While `active`, keeps `--vvh` on <html> at the visual viewport's height, so a full-screen view (the chat) ends
 * above the on-screen keyboard where the browser does not shrink `100dvh` for it. Removed when inactive.
 */
export function useVisualViewportHeight(active: boolean) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--vvh', `${Math.round(viewport.height)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty('--vvh');
    };
  }, [active]);
}
