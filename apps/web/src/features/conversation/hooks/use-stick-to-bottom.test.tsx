// Issue 46 (points 1 and 4): a conversation opens at its newest message and stays there while the list settles; a
// jump to a message scrolls the message list only, never the page.
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { centre } from './use-message-window';
import { useStickToBottom } from './use-stick-to-bottom';

/** A scroller with a settable scrollTop, clamped as a browser does, and given heights. */
function fakeScroller(el: HTMLElement, size: { scrollHeight: number; clientHeight: number }) {
  let top = 0;
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => size.scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => size.clientHeight });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (v: number) => (top = Math.max(0, Math.min(v, size.scrollHeight - size.clientHeight))),
  });
}

function List({ change, id = 'a' }: { change: number; id?: string }) {
  const { scroller, onScroll } = useStickToBottom([change], id);
  return <div ref={scroller} onScroll={onScroll} data-testid="list" />;
}

describe('useStickToBottom', () => {
  it('stays at the bottom when the browser moves the list down (the list settling), not only when the reader does', () => {
    const size = { scrollHeight: 1000, clientHeight: 400 };
    const { getByTestId, rerender } = render(<List change={0} />);
    const el = getByTestId('list');
    fakeScroller(el, size);
    rerender(<List change={1} />);
    expect(el.scrollTop).toBe(600);
    // Messages above take their real height: the list grows and the browser's scroll anchoring moves it down, still
    // short of the bottom; a scroll event follows.
    size.scrollHeight = 1400;
    el.scrollTop = 700;
    fireEvent.scroll(el);
    rerender(<List change={2} />);
    expect(el.scrollTop).toBe(1000);
  });

  it('lets go when the reader scrolls up, and follows again in another conversation', () => {
    const size = { scrollHeight: 1000, clientHeight: 400 };
    const { getByTestId, rerender } = render(<List change={0} />);
    const el = getByTestId('list');
    fakeScroller(el, size);
    rerender(<List change={1} />);
    el.scrollTop = 200;
    fireEvent.scroll(el);
    size.scrollHeight = 1200;
    rerender(<List change={2} />);
    expect(el.scrollTop).toBe(200);
    // A branch opened: its newest message.
    rerender(<List change={2} id="b" />);
    expect(el.scrollTop).toBe(800);
  });
});

describe('centre', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls the message list to the message without scrolling the page (no scrollIntoView)', () => {
    const el = document.createElement('div');
    const node = document.createElement('li');
    el.append(node);
    document.body.append(el);
    fakeScroller(el, { scrollHeight: 3000, clientHeight: 400 });
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 500, height: 400 } as DOMRect);
    // 1,000 px down the list (its top at 100 px), 100 px tall.
    vi.spyOn(node, 'getBoundingClientRect').mockImplementation(() => {
      const top = 100 + 1000 - el.scrollTop;
      return { top, bottom: top + 100, height: 100 } as DOMRect;
    });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    act(() => centre(el, node));
    expect(intoView).not.toHaveBeenCalled();
    expect(el.scrollTop).toBe(1000 - 150);
    el.remove();
  });
});
