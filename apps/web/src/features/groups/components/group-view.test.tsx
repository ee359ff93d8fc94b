// The group page keeps more than its newest page: older messages load above, as in a one-to-one chat, and it opens
// at a message the search across chats picked (`?message=`) or its own "Search this chat" picked.
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Group, GroupSession } from '@reverie/shared';
import { signIn } from '@/test/characters';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { writeWindow } from '@/features/conversation';
import { GroupView } from './group-view';

const ada = '0c6a3d1e-1111-4111-8111-111111111111';
const bram = '0c6a3d1e-2222-4222-8222-222222222222';
const conversationId = '9b1c0a2e-5555-4555-8555-555555555555';
const member = (id: string, name: string) => ({ id, name, avatarUrl: null, tagline: '', premium: false, nsfw: false, deleted: false });
const group: Group = {
  id: '9b1c0a2e-4444-4444-8444-444444444444',
  name: 'Harbour night',
  scenario: '',
  turnMode: 'natural',
  conversationId,
  chatCharacterId: ada,
  members: [member(ada, 'Ada Lanternwright'), member(bram, 'Bram Netmender')],
  formerMembers: [],
  nextSpeakerId: ada,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const message = (n: number): ChatMessage => ({
  id: `7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  conversationId,
  role: n % 2 ? 'user' : 'assistant',
  content: `Line ${n} of the storm`,
  status: 'complete',
  swipes: n % 2 ? [] : [`Line ${n} of the storm`],
  swipeIndex: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  persona: null,
  speakerId: n % 2 ? null : n % 4 ? bram : ada,
});

describe('a group chat page', () => {
  beforeEach(resetClientState);
  afterEach(() => {
    vi.unstubAllGlobals();
    writeWindow(conversationId, () => ({ older: [], jump: null }));
  });

  const session: GroupSession = {
    group,
    messages: [41, 42, 43, 44].map(message),
    hasMore: true,
    cost: { freeLeft: 10, costPerMessage: 1, balance: 0 },
    memory: { summary: '', pinned: [], updatedAt: null, recall: true },
  };

  it('loads the messages before its newest page, each under its speaker', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/groups/${group.id}`]: () => json(session),
      [`GET /api/conversations/${conversationId}/messages`]: () =>
        json({ items: [1, 2, 3, 4].map(message), hasOlder: false, hasNewer: true }),
    });
    renderWithProviders(
      <MemoryRouter>
        <GroupView groupId={group.id} userName="luna" />
      </MemoryRouter>,
    );
    await screen.findByText('Line 44 of the storm');
    expect(screen.queryByText('Line 2 of the storm')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Line 2 of the storm');
    const asked = api.fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/messages'))!;
    expect(new URL(asked, 'http://localhost').searchParams.get('before')).toBe(message(41).id);
    // The older lines keep their speakers; nothing is older, so no more loading is offered.
    expect(screen.getAllByText('Ada Lanternwright').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('opens at the message a search picked: the page around it, outlined', async () => {
    signIn();
    const target = message(6);
    const api = mockApi({
      [`GET /api/groups/${group.id}`]: () => json(session),
      [`GET /api/conversations/${conversationId}/messages`]: () =>
        json({ items: [3, 4, 5, 6, 7, 8, 9].map(message), hasOlder: true, hasNewer: true }),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={[`/group/${group.id}?message=${target.id}`]}>
        <GroupView groupId={group.id} userName="luna" />
      </MemoryRouter>,
    );
    await screen.findByText('Line 6 of the storm');
    const asked = api.fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/messages'))!;
    expect(new URL(asked, 'http://localhost').searchParams.get('around')).toBe(target.id);
    // The newest page gives way to the window around the match until the reader goes back to it.
    expect(screen.queryByText('Line 44 of the storm')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to the latest messages' })).toBeTruthy();
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes(`[data-message-id="${target.id}"]`))).toBe(true);
  });

  it('searches this group chat: each match under its speaker, a pick opens the page around it', async () => {
    signIn();
    const target = message(6);
    const hit = (m: ChatMessage, speaker: { id: string; name: string } | null) => ({
      conversationId,
      messageId: m.id,
      role: m.role,
      snippet: m.content,
      marks: [[8, 13]],
      createdAt: m.createdAt,
      speaker,
    });
    const api = mockApi({
      [`GET /api/groups/${group.id}`]: () => json(session),
      [`GET /api/conversations/${conversationId}/search`]: () =>
        json({
          q: 'storm',
          items: [hit(target, { id: bram, name: 'Bram Netmender' }), hit(message(5), null)],
          page: 1,
          limit: 20,
          hasMore: false,
        }),
      [`GET /api/conversations/${conversationId}/messages`]: () =>
        json({ items: [3, 4, 5, 6, 7, 8, 9].map(message), hasOlder: true, hasNewer: true }),
    });
    renderWithProviders(
      <MemoryRouter>
        <GroupView groupId={group.id} userName="luna" />
      </MemoryRouter>,
    );
    await screen.findByText('Line 44 of the storm');
    fireEvent.click(screen.getByRole('button', { name: 'Search this chat' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the group chat Harbour night' }), { target: { value: 'storm' } });
    const matches = await screen.findByRole('list', { name: 'Matches' });
    const items = within(matches).getAllByRole('button');
    expect(items.map((b) => b.textContent?.split(' · ')[0])).toEqual(['Bram Netmender', 'You']);
    fireEvent.click(items[0]!);
    await screen.findByText('Line 6 of the storm');
    const asked = api.fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/messages'));
    expect(new URL(asked.at(-1)!, 'http://localhost').searchParams.get('around')).toBe(target.id);
    expect(screen.queryByText('Line 44 of the storm')).toBeNull();
  });
});
