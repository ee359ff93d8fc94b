const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the element with this id to the top of the window once it exists (a page that loads lazily renders its
 * sections after the URL is already there), and keeps it there while the content above it settles, until
 * `settleMs` after it appeared or the person scrolls, types or taps. Gives up when nothing has that id within
 * `waitMs`. Returns a function that stops it.
 */
export function scrollToAnchor(id: string, { waitMs = 10_000, settleMs = 1_500, everyMs = 100 } = {}): () => void {
  const start = Date.now();
  let foundAt: number | undefined;
  let lastTop: number | undefined;
  const stop = () => {
    window.clearInterval(timer);
    for (const name of USER_INPUT) window.removeEventListener(name, stop);
  };
  const tick = () => {
    const element = document.getElementById(id);
    if (!element) {
      if (Date.now() - start > waitMs) stop();
      return;
    }
    foundAt ??= Date.now();
    const top = element.getBoundingClientRect().top;
    // Scroll on first sight and whenever something above it moved it.
    if (lastTop === undefined || Math.abs(top - lastTop) > 1) element.scrollIntoView({ block: 'start', behavior: 'instant' });
    lastTop = element.getBoundingClientRect().top;
    if (Date.now() - foundAt > settleMs) stop();
  };
  const timer = window.setInterval(tick, everyMs);
  for (const name of USER_INPUT) window.addEventListener(name, stop, { passive: true });
  tick();
  return stop;
}
