// Vitest setup for the web project (jsdom). Keeps tests independent and fills jsdom gaps Radix needs.
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: a lazy page's first render on a busy 2-core machine can take longer.
// Waiting longer changes nothing a test checks, only how long it waits for it.
configure({ asyncUtilTimeout: 5_000 });

function clearStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage unavailable: nothing to reset
  }
}

beforeEach(() => {
  clearStorage();
});

afterEach(() => {
  // vitest globals are off, so Testing Library cannot register its own cleanup.
  cleanup();
  clearStorage();
});

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  const g = globalThis as Record<string, unknown>;
  g.ResizeObserver ??= NoopObserver;
  g.IntersectionObserver ??= NoopObserver;

  const proto = window.HTMLElement.prototype;
  proto.scrollIntoView ??= function scrollIntoView(): void {};
  proto.hasPointerCapture ??= function hasPointerCapture(): boolean {
    return false;
  };
  proto.setPointerCapture ??= function setPointerCapture(): void {};
  proto.releasePointerCapture ??= function releasePointerCapture(): void {};
}
