// Vitest setup for the web project (jsdom). Keeps tests independent and fills jsdom gaps Radix needs.
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
