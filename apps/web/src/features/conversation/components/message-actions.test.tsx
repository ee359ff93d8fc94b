// Issue #28: editing your message offers to regenerate the reply right after it, in the middle of a chat as at its end.
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { queryClient } from '@/lib/query-client';
import { json, jwt, makeUser, mockApi, resetClientState } from '@/test/helpers';
import { useMessageActions } from './message-actions';

const conversationId = '00000000-0000-4000-8000-00000000c0de';
const characterId = '00000000-0000-4000-8000-0000000000aa';
const msg = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  conversationId,
  role,
  content,
  status: 'complete',
  swipes: [],
  swipeIndex: 0,
  createdAt: '2026-03-04T15:07:00.000Z',
  editedAt: null,
  persona: null,
});
const messages = [
  msg('1', 'assistant', 'Hi.'),
  msg('2', 'user', 'Where is the map?'),
  msg('3', 'assistant', 'In the drawer.'),
  msg('4', 'user', 'And the boat?'),
  msg('5', 'assistant', 'At the pier.'),
];

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

beforeEach(() => {
  resetClientState();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
});

describe('useMessageActions: the offer after an edit', () => {
  const edit = async (index: number, content: string) => {
    const m = messages[index]!;
    mockApi({ [`PUT /api/chat/${characterId}/message/${m.id}`]: () => json({ ...m, content, editedAt: '2026-03-04T15:08:00.000Z' }) });
    const { result } = renderHook(() => useMessageActions({ characterId, messages, explain: () => false }), { wrapper });
    await act(() => result.current.saveEdit(m, content, index));
    return result.current.regenerateOffer;
  };

  it('offers it for a message in the middle (the reply after it is not the last message)', async () => {
    expect(await edit(1, 'Where is the old chart?')).toBe(messages[1]!.id);
  });

  it('offers it for the last message a reply answers', async () => {
    expect(await edit(3, 'And the ship?')).toBe(messages[3]!.id);
  });

  it('does not offer it when the text did not change, or for a reply', async () => {
    expect(await edit(1, 'Where is the map?')).toBeNull();
    expect(await edit(2, 'In the top drawer.')).toBeNull();
  });
});
