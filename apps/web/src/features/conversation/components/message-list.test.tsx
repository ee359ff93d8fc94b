// Your messages keep the persona they were written as: switching persona mid-chat does not rename the earlier ones.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatCharacter, ChatMessage } from '@reverie/shared';
import { renderWithProviders } from '@/test/helpers';
import type { MessageActions } from './message-actions';
import { MessageList } from './message-list';

const conversationId = '00000000-0000-4000-8000-00000000c0de';
const character: ChatCharacter = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Mira Vale',
  avatarUrl: null,
  tagline: '',
  creator: { id: '00000000-0000-4000-8000-0000000000bb', username: 'maker' },
  premium: false,
  nsfw: false,
  deleted: false,
};
const msg = (n: number, role: ChatMessage['role'], content: string, persona: ChatMessage['persona'] = null): ChatMessage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  conversationId,
  role,
  content,
  status: 'complete',
  swipes: role === 'assistant' ? [content] : [],
  swipeIndex: 0,
  createdAt: '2026-03-04T15:07:00.000Z',
  editedAt: null,
  persona,
});

const renderList = (messages: ChatMessage[]) =>
  renderWithProviders(
    <MessageList
      character={character}
      userName="Captain Ro"
      userAvatar="/media/personas/ro.webp"
      messages={messages}
      streaming={null}
      freeReply={false}
      actions={{ regenerateOffer: null } as unknown as MessageActions}
      generate={() => {}}
      scroller={{ current: null }}
      onScroll={() => {}}
    />,
  );

describe('MessageList: who wrote your messages', () => {
  it('shows the persona a message was written as, not the current one; without one, the current persona', () => {
    renderList([
      msg(1, 'assistant', 'Hello there.'),
      msg(2, 'user', 'Ahoy.', { name: 'Sailor Sam', avatarUrl: '/media/personas/sam.webp' }),
      msg(3, 'assistant', 'Welcome aboard.'),
      msg(4, 'user', 'I am someone else now.'),
      msg(5, 'user', 'No picture on this one.', { name: 'Quiet Quinn', avatarUrl: null }),
    ]);
    const [first, second, third] = screen.getAllByTestId('message-user');
    expect(within(first!).getByText('Sailor Sam')).toBeTruthy();
    expect(within(first!).queryByText('Captain Ro')).toBeNull();
    expect(within(first!).getByRole('img', { name: 'Sailor Sam' }).getAttribute('src')).toBe('/media/personas/sam.webp');
    // None recorded (sent before personas, or that persona was deleted): the current persona stands in.
    expect(within(second!).getByText('Captain Ro')).toBeTruthy();
    expect(within(second!).getByRole('img', { name: 'Captain Ro' }).getAttribute('src')).toBe('/media/personas/ro.webp');
    // A persona without an avatar gets its own initials, not the current persona's picture.
    expect(within(third!).getByText('Quiet Quinn')).toBeTruthy();
    expect(within(third!).getByRole('img', { name: 'Quiet Quinn' }).getAttribute('src')).not.toBe('/media/personas/ro.webp');
    // The character's replies are the character's.
    for (const reply of screen.getAllByTestId('message-assistant')) expect(within(reply).getByText('Mira Vale')).toBeTruthy();
  });
});
