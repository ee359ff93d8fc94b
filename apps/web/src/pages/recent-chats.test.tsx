// The chats list tells a conversation's branches apart (issue 46, point 4): each row of a conversation with branches
// names its branch ("Main", "Branch 2"…); a conversation without branches shows none.
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '@reverie/shared';
import { establishSession } from '@/features/auth';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import RecentChatsPage from './recent-chats';

const character = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Mira Vale', avatarUrl: null, deleted: false };
const row = (n: number, branch: ConversationSummary['branch']): ConversationSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  character,
  group: null,
  branch,
  lastMessage: { role: 'assistant', content: 'To the harbour.', createdAt: '2026-03-04T15:07:00.000Z' },
  messageCount: 4,
  unread: false,
  createdAt: '2026-03-04T15:00:00.000Z',
  updatedAt: '2026-03-04T15:07:00.000Z',
});

/** The chats page on one page of these conversations; resolves to its list. */
async function showChats(items: ConversationSummary[]): Promise<HTMLElement> {
  mockApi({ 'GET /api/conversations': () => json({ items, page: 1, limit: 20, total: items.length, hasMore: false }) });
  renderWithProviders(
    <MemoryRouter initialEntries={['/chat']}>
      <RecentChatsPage />
    </MemoryRouter>,
  );
  return screen.findByRole('list', { name: 'Conversations' });
}

describe('/chat', () => {
  beforeEach(() => {
    resetClientState();
    establishSession({ accessToken: jwt(), refreshToken: 'refresh', user: makeUser() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the branch on each row of a conversation with branches', async () => {
    const list = await showChats([
      row(1, { title: 'Branch 2', position: 2, count: 2 }),
      row(2, { title: 'Main', position: 1, count: 2 }),
      row(3, null),
    ]);
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Mira ValeBranch 2'),
      expect.stringContaining('Mira ValeMain'),
      expect.not.stringContaining('Main'),
    ]);
    expect(links[0]!.getAttribute('href')).toBe(`/chat/${character.id}?conversation=${row(1, null).id}`);
  });

  it('shows the last message without its role-play markers, on one line', async () => {
    const last = (content: string, role: 'user' | 'assistant'): ConversationSummary => ({
      ...row(1, null),
      lastMessage: { role, content, createdAt: '2026-03-04T15:07:00.000Z' },
    });
    const list = await showChats([
      last('*She trims the wick.*\n\nThe light **held**.', 'assistant'),
      { ...last('*waves* Hi', 'user'), id: row(2, null).id },
    ]);
    within(list).getByText('She trims the wick. The light held.');
    within(list).getByText('You: waves Hi');
  });
});
