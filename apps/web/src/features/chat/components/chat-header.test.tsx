import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { MemoryRouter } from 'react-router';
import { ChatHeader } from './chat-header';

const ID = '00000000-0000-4000-8000-000000000002';

function renderHeader(onHistory: () => void = () => undefined, more: { onNewChat?: () => void; onMemory?: () => void } = {}) {
  const character = {
    id: ID,
    name: 'Aria',
    avatarUrl: null,
    tagline: 'A test character',
    creator: { id: '00000000-0000-4000-8000-000000000003', username: 'maker' },
    premium: false,
    nsfw: false,
    deleted: false,
  };
  const noop = () => undefined;
  return renderWithProviders(
    <MemoryRouter>
      <ChatHeader
        character={character}
        conversationId="00000000-0000-4000-8000-000000000004"
        busy={false}
        onHistory={onHistory}
        onNewChat={more.onNewChat ?? noop}
        onMemory={more.onMemory ?? noop}
        onImported={noop}
      />
    </MemoryRouter>,
  );
}

describe('rating from the chat header', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('shows my current rating, and changing it in the dialog updates the header', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: 3.5, ratingCount: 4, myRating: 3, canRate: true, reason: null }),
      [`PUT /api/characters/${ID}/rating`]: () => json({ rating: 4, ratingCount: 4, myRating: 5, canRate: true, reason: null }),
    });
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Your rating of Aria: 3 of 5 stars. Change it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Aria' });
    expect(within(dialog).getByRole('radio', { name: '3 stars: Good' }).getAttribute('aria-checked')).toBe('true');
    within(dialog).getByText('You gave 3 stars. Tap another star to change it.');
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars: Superb' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/characters/${ID}/rating`)[0]?.body).toEqual({ stars: 5 }));
    await within(dialog).findByText('4.0 out of 5 from 4 ratings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('button', { name: 'Your rating of Aria: 5 of 5 stars. Change it' });
  });

  it('invites a first rating when there is none, and explains when rating is not possible yet', async () => {
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () =>
        json({
          rating: 0,
          ratingCount: 0,
          myRating: null,
          canRate: false,
          reason: 'Chat with this character first: ratings come from people who have talked with it.',
        }),
    });
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Rate Aria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Aria' });
    await within(dialog).findByText('Chat with this character first: ratings come from people who have talked with it.');
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('asks again when opened: the stars appear once the first message of this visit is sent', async () => {
    signIn();
    let chatted = false;
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () =>
        json({
          rating: 0,
          ratingCount: 0,
          myRating: null,
          canRate: chatted,
          reason: chatted ? null : 'Chat with this character first: ratings come from people who have talked with it.',
        }),
    });
    renderHeader();
    const star = await screen.findByRole('button', { name: 'Rate Aria' });
    chatted = true;
    fireEvent.click(star);
    const dialog = await screen.findByRole('dialog', { name: 'Rate Aria' });
    await within(dialog).findByRole('radio', { name: '4 stars: Great' });
    within(dialog).getByText('Tap a star to rate.');
  });

  it('offers rating in the header menu too (the way in on phones), showing my rating', async () => {
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: 3.5, ratingCount: 4, myRating: 2, canRate: true, reason: null }),
    });
    renderHeader();
    await screen.findByRole('button', { name: 'Your rating of Aria: 2 of 5 stars. Change it' });
    const trigger = screen.getByRole('button', { name: 'Rate Aria, export or import a chat' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Your rating: 2 of 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Aria' });
    expect(within(dialog).getByRole('radio', { name: '2 stars: Fair' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('earlier chats in the chat header', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  /** A window as wide as `width`: min-width media queries answer from it. */
  function viewport(width: number) {
    vi.stubGlobal('matchMedia', (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return {
        matches: min ? width >= Number(min[1]) : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      } as unknown as MediaQueryList;
    });
  }

  it('is a button from 640 px', async () => {
    viewport(1280);
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: null, ratingCount: 0, myRating: null, canRate: true, reason: null }),
    });
    const onHistory = vi.fn();
    renderHeader(onHistory);
    fireEvent.click(screen.getByRole('button', { name: 'Earlier chats' }));
    expect(onHistory).toHaveBeenCalledOnce();
  });

  it('moves into the menu on a phone, leaving the name room', async () => {
    viewport(390);
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: null, ratingCount: 0, myRating: null, canRate: true, reason: null }),
    });
    const onHistory = vi.fn();
    renderHeader(onHistory);
    expect(screen.queryByRole('button', { name: 'Earlier chats' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Rate Aria, export or import a chat' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Earlier chats' }));
    expect(onHistory).toHaveBeenCalledOnce();
  });

  // Issue 46: at 390 px the header held six buttons and the name shrank to 'A…'; an icon-only '+' had no name.
  it('on a phone keeps only persona, search and the menu beside the name; a new chat and the memory are in the menu', async () => {
    viewport(390);
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: null, ratingCount: 0, myRating: null, canRate: true, reason: null }),
    });
    const onNewChat = vi.fn();
    const onMemory = vi.fn();
    renderHeader(undefined, { onNewChat, onMemory });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'New chat' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Memory' })).toBeNull();
    for (const button of within(header).getAllByRole('button'))
      expect(button.getAttribute('aria-label') ?? button.textContent).toMatch(/\w/);
    const menu = screen.getByRole('button', { name: 'Rate Aria, export or import a chat' });
    fireEvent.keyDown(menu, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New chat' }));
    expect(onNewChat).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.keyDown(menu, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Memory' }));
    expect(onMemory).toHaveBeenCalledOnce();
  });
});
