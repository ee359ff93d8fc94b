import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@reverie/shared';
import { patchWindow, readWindow, writeWindow } from '../lib/message-window';
import { SearchSnippet } from './search-snippet';

describe('a search snippet', () => {
  it('marks the matched words and shows markup a person typed as text', () => {
    const snippet = '<b>The dragon</b> sleeps; dragons <img src=x onerror=alert(1)>';
    const box = render(
      <SearchSnippet
        hit={{
          snippet,
          marks: [
            [7, 13],
            [26, 33],
          ],
        }}
      />,
    ).container;
    expect([...box.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['dragon', 'dragons']);
    expect(box.textContent).toBe(snippet);
    expect(box.querySelector('b, img')).toBeNull();
  });

  it('ignores ranges that overlap or run past the text', () => {
    const box = render(
      <SearchSnippet
        hit={{
          snippet: 'tea and rain',
          marks: [
            [0, 3],
            [1, 4],
            [8, 40],
          ],
        }}
      />,
    ).container;
    expect([...box.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['tea']);
    expect(box.textContent).toBe('tea and rain');
  });
});

const message = (id: string, content: string): ChatMessage => ({
  id,
  conversationId: 'c1',
  role: 'user',
  content,
  status: 'complete',
  swipes: [],
  swipeIndex: 0,
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  persona: null,
});

describe('loaded older pages', () => {
  afterEach(() => writeWindow('c1', () => ({ older: [], jump: null })));

  it('take edits and deletions made through the session cache, and never gain a message from them', () => {
    writeWindow('c1', () => ({ older: [message('a', 'one'), message('b', 'two')], jump: null }));
    patchWindow('c1', (all) => all.map((m) => (m.id === 'b' ? { ...m, content: 'two, edited' } : m)));
    patchWindow('c1', (all) => all.filter((m) => m.id !== 'a'));
    patchWindow('c1', (all) => [...all, message('z', 'a new reply')]);
    expect(readWindow('c1').older.map((m) => m.content)).toEqual(['two, edited']);
  });
});
