// AI disclosure and the crisis protocol in the conversation (docs/compliance.md): the "this is an AI" notice at the
// start and again after every three hours of chatting (checked with a moved clock), the AI label on the character's
// messages, and crisis resources under the message that brought them.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatCharacter, ChatMessage, CrisisSupport } from '@reverie/shared';
import { renderWithProviders } from '@/test/helpers';
import { aiNoticeIndexes } from '../lib/ai-notices';
import type { MessageActions } from './message-actions';
import { MessageList } from './message-list';

const conversationId = '00000000-0000-4000-8000-00000000d15c';
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
let n = 0;
/** A message written now (by the clock the test moves). */
const say = (role: ChatMessage['role'], content: string): ChatMessage => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  conversationId,
  role,
  content,
  status: 'complete',
  swipes: role === 'assistant' ? [content] : [],
  swipeIndex: 0,
  createdAt: new Date().toISOString(),
  editedAt: null,
  persona: null,
});
const minutes = (m: number) => vi.setSystemTime(Date.now() + m * 60_000);

const renderList = (messages: ChatMessage[], aiNoticeMinutes?: number) =>
  renderWithProviders(
    <MessageList
      character={character}
      userName="Sam"
      messages={messages}
      streaming={null}
      freeReply={false}
      actions={{ regenerateOffer: null } as unknown as MessageActions}
      generate={() => {}}
      scroller={{ current: null }}
      onScroll={() => {}}
      aiNoticeMinutes={aiNoticeMinutes}
    />,
  );

afterEach(() => vi.useRealTimers());

/** Three and a half hours of chatting, a message every 10 minutes, then a five-hour pause and one more exchange. */
function afternoon(): ChatMessage[] {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  const messages: ChatMessage[] = [say('assistant', 'Welcome to the lighthouse.')];
  for (let i = 0; i < 21; i++) {
    minutes(10);
    messages.push(say(i % 2 ? 'assistant' : 'user', `Line ${i}`));
  }
  minutes(300);
  messages.push(say('user', 'I am back.'), say('assistant', 'Good evening.'));
  return messages;
}

describe('the "you are talking to an AI" notice', () => {
  it('comes at the start and again once three hours of chatting have passed, and after a long pause', () => {
    const messages = afternoon();
    // 0: 12:00; 18: 15:00 (three hours later); 22: 20:30 (after the pause).
    expect(aiNoticeIndexes(messages, 180)).toEqual([0, 18, 22]);
    expect(aiNoticeIndexes(messages, 60)).toEqual([0, 6, 12, 18, 22]);
    expect(aiNoticeIndexes([], 180)).toEqual([]);
  });

  it('shows in the chat where it falls, and the character is labelled an AI on every message', () => {
    const messages = afternoon();
    const { container } = renderList(messages);
    const items = [...container.querySelector('ol')!.children] as HTMLElement[];
    const notices = items.flatMap((li, i) => (li.dataset.testid === 'ai-notice' ? [i] : []));
    // Before message 0, 18 and 22 (each notice shifts the later items by one).
    expect(notices).toEqual([0, 19, 24]);
    expect(screen.getAllByTestId('ai-notice')[0]!.textContent).toMatch(/Mira Vale is an AI, not a person/);
    for (const reply of screen.getAllByTestId('message-assistant'))
      expect(within(reply).getByRole('img', { name: 'Mira Vale is an AI, not a person' })).toBeTruthy();
    for (const mine of screen.getAllByTestId('message-user')) expect(within(mine).queryByTestId('ai-badge')).toBeNull();
  });

  it('uses the configured interval', () => {
    renderList(afternoon(), 60);
    expect(screen.getAllByTestId('ai-notice')).toHaveLength(5);
  });
});

describe('crisis resources', () => {
  const support: CrisisSupport = {
    region: 'GB',
    message: 'It sounds like you might be going through something really painful right now.',
    resources: [{ name: 'Samaritans', contact: 'Call 116 123 (free, any time)', url: 'https://www.samaritans.org' }],
    emergency: 'If you are in danger right now, call your local emergency number.',
  };

  it('show under the stored message that brought them (as a reload lists it), as text, and nowhere else', () => {
    const messages = [say('assistant', 'Hello.'), { ...say('user', 'I want to die.'), support }, say('assistant', 'I am an AI…')];
    renderList(messages);
    const card = screen.getByTestId('crisis-support');
    expect(screen.getAllByTestId('crisis-support')).toHaveLength(1);
    expect(card.previousElementSibling?.getAttribute('data-message-id')).toBe(messages[1]!.id);
    expect(within(card).getByText('Samaritans')).toBeTruthy();
    expect(within(card).getByText('Call 116 123 (free, any time)')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'samaritans.org' }).getAttribute('href')).toBe('https://www.samaritans.org');
    expect(within(card).getByRole('link', { name: 'How Reverie handles this' }).getAttribute('href')).toBe('/legal/crisis-protocol');
  });

  it('shows what the server wrote as text, never as markup', () => {
    const marked = { ...support, resources: [{ name: '<b>Helpline</b>', contact: '<img src=x onerror=alert(1)>' }] };
    renderList([say('user', 'I want to die.'), { ...say('user', 'Still here.'), support: marked }]);
    const card = screen.getByTestId('crisis-support');
    expect(card.previousElementSibling?.textContent).toContain('Still here.');
    expect(within(card).getByText('<b>Helpline</b>')).toBeTruthy();
    expect(card.querySelector('img, b')).toBeNull();
  });

  it('shows none for messages without one', () => {
    renderList([say('user', 'The lighthouse is lovely.'), say('assistant', 'It is.')]);
    expect(screen.queryByTestId('crisis-support')).toBeNull();
  });
});
