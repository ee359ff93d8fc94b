// The search across all chats shows a group chat as one result (its stacked faces, name and members) and opens each
// hit in the group chat at the message; a character's result links into the one-to-one conversation as before.
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSearchResults } from '@reverie/shared';
import { signIn } from '@/test/characters';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { AllChatsResults } from './all-chats-search';

const mira = '0c6a3d1e-1111-4111-8111-111111111111';
const oren = '0c6a3d1e-2222-4222-8222-222222222222';
const groupId = '9b1c0a2e-4444-4444-8444-444444444444';
const groupConv = '9b1c0a2e-5555-4555-8555-555555555555';
const miraConv = '9b1c0a2e-6666-4666-8666-666666666666';
const msg = (n: number) => `7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const hit = (conversationId: string, n: number, role: 'user' | 'assistant', snippet: string) => ({
  conversationId,
  messageId: msg(n),
  role,
  snippet,
  marks: [[snippet.indexOf('dragon'), snippet.indexOf('dragon') + 6]] as [number, number][],
  createdAt: new Date().toISOString(),
});

const results: ChatSearchResults = {
  q: 'dragon',
  page: 1,
  limit: 10,
  hasMore: false,
  groups: [
    {
      kind: 'groupChat',
      groupChat: {
        id: groupId,
        name: 'Dragon watch',
        members: [
          { id: mira, name: 'Mira Vale', avatarUrl: null },
          { id: oren, name: 'Oren Thorne', avatarUrl: null },
        ],
      },
      total: 2,
      hits: [
        { ...hit(groupConv, 2, 'assistant', 'I did: the dragon flew over the pass.'), speaker: { id: oren, name: 'Oren Thorne' } },
        { ...hit(groupConv, 1, 'user', 'Who has seen the dragon tonight?'), speaker: null },
      ],
    },
    {
      kind: 'character',
      character: { id: mira, name: 'Mira Vale', avatarUrl: null, deleted: false },
      total: 1,
      hits: [hit(miraConv, 3, 'assistant', 'The dragon sleeps beneath the old lighthouse.')],
    },
  ],
};

describe('search across all chats', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('shows a group chat as one result with its members, each hit opening the group chat at the message', async () => {
    signIn();
    mockApi({ 'GET /api/conversations/search': () => json(results) });
    renderWithProviders(
      <MemoryRouter>
        <AllChatsResults q="dragon" />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Matches by chat' });
    const [group, character] = within(list).getAllByRole('heading');
    expect(group!.textContent).toBe('Dragon watchGroup chat · Mira Vale, Oren Thorne2 matches');
    // The stacked faces, one per member, hidden from screen readers (the names are in the line below).
    const faces = group!.querySelector('[aria-hidden="true"] [role="img"]')!;
    expect(faces.getAttribute('aria-label')).toBe('Mira Vale, Oren Thorne');
    expect([...faces.querySelectorAll('img')].map((img) => img.alt)).toEqual(['Mira Vale', 'Oren Thorne']);
    expect(character!.textContent).toBe('Mira Vale1 match');

    const reply = screen.getByRole('link', { name: /the dragon flew over the pass/ });
    expect(reply.getAttribute('href')).toBe(`/group/${groupId}?message=${msg(2)}`);
    expect(reply.textContent).toMatch(/^Oren Thorne · /);
    expect(reply.querySelector('mark')?.textContent).toBe('dragon');
    const own = screen.getByRole('link', { name: /Who has seen the dragon/ });
    expect(own.getAttribute('href')).toBe(`/group/${groupId}?message=${msg(1)}`);
    expect(own.textContent).toMatch(/^You · /);
    const oneToOne = screen.getByRole('link', { name: /sleeps beneath the old lighthouse/ });
    expect(oneToOne.getAttribute('href')).toBe(`/chat/${mira}?conversation=${miraConv}&message=${msg(3)}`);
  });
});
