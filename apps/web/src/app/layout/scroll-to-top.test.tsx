import { act, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

/** A section that appears a moment after the page, as the lazily loaded settings page renders its cards. */
function LateSection({ id }: { id: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), 500);
    return () => clearTimeout(t);
  }, []);
  return shown ? <section id={id}>Your data</section> : null;
}

describe('ScrollToTop', () => {
  const scrolled: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    HTMLElement.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    scrolled.length = 0;
  });

  it('scrolls to the section a /settings#account-data link names once the page has rendered it', async () => {
    render(
      <MemoryRouter initialEntries={['/settings#account-data']}>
        <ScrollToTop />
        <LateSection id="account-data" />
      </MemoryRouter>,
    );
    // The anchor code loads on demand (outside the first load).
    await act(() => vi.dynamicImportSettled());
    act(() => vi.advanceTimersByTime(550));
    expect(scrolled).toEqual([]);
    act(() => vi.advanceTimersByTime(150));
    expect(scrolled).toEqual(['account-data']);
  });

  it('goes to the top when the URL names no section', () => {
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <ScrollToTop />
        <LateSection id="account-data" />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(700));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(scrolled).toEqual([]);
  });
});
