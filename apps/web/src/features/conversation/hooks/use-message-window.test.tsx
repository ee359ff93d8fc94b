// Issue 45: reading back through a long chat keeps at most MAX_SHOWN messages in the list. Far back, the newest end
// is let go (the newest messages give way to a window, "Back to the latest messages"); scrolling down again loads the
// newer pages back and lets the oldest end go, until the window meets the newest messages.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@reverie/shared';
import { json, mockApi, resetClientState } from '@/test/helpers';
import { MAX_SHOWN, writeWindow } from '../lib/message-window';
import { useMessageWindow, type WindowSession } from './use-message-window';

const conversationId = '9b1c0a2e-6666-4666-8666-666666666666';
const TOTAL = 1_000;
const message = (n: number): ChatMessage => ({
  id: `7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  conversationId,
  role: n % 2 ? 'user' : 'assistant',
  content: `Line ${n}`,
  status: 'complete',
  swipes: [],
  swipeIndex: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  persona: null,
  speakerId: null,
});
const numberOf = (id: string) => Number(id.slice(-12));
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => message(from + i));

/** GET …/messages as the server answers it: 40 before or after a message, oldest first. */
function serve(_init: RequestInit, input: string) {
  const q = new URL(input, 'http://localhost').searchParams;
  const limit = Number(q.get('limit'));
  const before = q.get('before');
  if (before) {
    const to = numberOf(before) - 1;
    return json({ items: range(Math.max(1, to - limit + 1), to), hasOlder: to - limit >= 1, hasNewer: true });
  }
  const from = numberOf(q.get('after')!) + 1;
  const to = Math.min(TOTAL, from + limit - 1);
  return json({ items: range(from, to), hasOlder: true, hasNewer: to < TOTAL });
}

const session: WindowSession = {
  conversation: { id: conversationId },
  messages: range(TOTAL - 19, TOTAL),
  hasMore: true,
  aiNoticeMinutes: 180,
};

function List() {
  const scroller = useRef<HTMLDivElement>(null);
  const w = useMessageWindow(session, scroller);
  return (
    <div>
      <div ref={scroller} onScroll={w.onScroll} data-testid="list">
        {w.messages.map((m) => (
          <p key={m.id} data-message-id={m.id}>
            {m.content}
          </p>
        ))}
      </div>
      <button onClick={w.loadOlder}>older</button>
      <span>{w.atNewest ? 'at the newest' : 'back in the chat'}</span>
      <span>{w.loading ?? 'idle'}</span>
    </div>
  );
}

const shown = () => document.querySelectorAll('[data-message-id]');
const idle = () => waitFor(() => expect(screen.getByText('idle')).toBeTruthy());

describe('useMessageWindow: a long read keeps the list bounded', () => {
  beforeEach(() => {
    resetClientState();
    mockApi({ [`GET /api/conversations/${conversationId}/messages`]: serve });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    writeWindow(conversationId, () => ({ older: [], jump: null }));
  });

  it('lets the newest end go when reading far back, and brings it back when scrolling down again', async () => {
    render(<List />);
    // Back through 10 pages of 40: never more than MAX_SHOWN in the list, the oldest loaded always at the top.
    for (let page = 1; page <= 10; page++) {
      fireEvent.click(screen.getByText('older'));
      await idle();
      expect(shown().length).toBeLessThanOrEqual(MAX_SHOWN);
      expect(shown()[0]!.textContent).toBe(`Line ${TOTAL - 19 - 40 * page}`);
    }
    expect(screen.getByText('back in the chat')).toBeTruthy();
    expect(screen.queryByText(`Line ${TOTAL}`)).toBeNull();
    expect(shown()).toHaveLength(MAX_SHOWN);

    // Scrolling down to the bottom loads the newer pages again and lets the oldest go, until the window meets the
    // newest messages (jsdom lays nothing out: the list is given a height and kept at its bottom).
    const list = screen.getByTestId('list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 10_000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 });
    Object.defineProperty(list, 'scrollTop', { configurable: true, get: () => 9_600, set: () => {} });
    for (let i = 0; i < 12 && !screen.queryByText(`Line ${TOTAL}`); i++) {
      await act(async () => void fireEvent.scroll(list));
      await idle();
      expect(shown().length).toBeLessThanOrEqual(MAX_SHOWN + session.messages.length);
    }
    expect(screen.getByText(`Line ${TOTAL}`)).toBeTruthy();
    expect(screen.getByText('at the newest')).toBeTruthy();
    // Contiguous, oldest first, ending at the newest message.
    const numbers = [...shown()].map((el) => numberOf(el.getAttribute('data-message-id')!));
    expect(numbers).toEqual(range(numbers[0]!, TOTAL).map((m) => numberOf(m.id)));
  });
});
