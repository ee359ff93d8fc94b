import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Group, GroupSession } from '@reverie/shared';
import { MessageList, type MessageActions } from '@/features/conversation';
import { queryClient } from '@/lib/query-client';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { groupKeys } from '@/lib/query-keys/groups';
import { TurnControls } from './turn-controls';

const ids = {
  ada: '0c6a3d1e-1111-4111-8111-111111111111',
  bram: '0c6a3d1e-2222-4222-8222-222222222222',
  cass: '0c6a3d1e-3333-4333-8333-333333333333',
};
const member = (id: string, name: string) => ({ id, name, avatarUrl: null, tagline: '', premium: false, nsfw: false, deleted: false });
const group = (over: Partial<Group> = {}): Group => ({
  id: '9b1c0a2e-4444-4444-8444-444444444444',
  name: 'Harbour night',
  scenario: '',
  turnMode: 'natural',
  conversationId: '9b1c0a2e-5555-4555-8555-555555555555',
  chatCharacterId: ids.ada,
  members: [member(ids.ada, 'Ada Lanternwright'), member(ids.bram, 'Bram Netmender'), member(ids.cass, 'Cass Ferrywoman')],
  formerMembers: [member('0c6a3d1e-6666-4666-8666-666666666666', 'Dmitri Gone')],
  nextSpeakerId: ids.ada,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('turn controls of a group chat', () => {
  beforeEach(() => resetClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('"Let X speak" asks that member; Skip passes over the one whose turn it is and the group learns who is next', async () => {
    const g = group();
    queryClient.setQueryData<Partial<GroupSession>>(groupKeys.session(g.id), { group: g, messages: [] });
    const api = mockApi({ [`POST /api/groups/${g.id}/skip`]: () => json({ ...g, nextSpeakerId: ids.bram }) });
    const onSpeak = vi.fn();
    renderWithProviders(
      <TurnControls group={g} busy={false} manualPick={null} onPick={() => {}} onSpeak={onSpeak} explain={() => false} />,
    );
    expect(screen.getByText(/^Next turn: Ada Lanternwright\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Let Cass Ferrywoman speak' }));
    expect(onSpeak).toHaveBeenCalledWith(ids.cass);
    fireEvent.click(screen.getByRole('button', { name: "Skip Ada Lanternwright's turn" }));
    await waitFor(() => expect(queryClient.getQueryData<GroupSession>(groupKeys.session(g.id))?.group.nextSpeakerId).toBe(ids.bram));
    expect(api.callsTo(`POST /api/groups/${g.id}/skip`)).toHaveLength(1);
  });

  it('in manual mode the member chips pick who replies, and nothing can be skipped', () => {
    const onPick = vi.fn();
    const onSpeak = vi.fn();
    renderWithProviders(
      <TurnControls
        group={group({ turnMode: 'manual', nextSpeakerId: null })}
        busy={false}
        manualPick={ids.bram}
        onPick={onPick}
        onSpeak={onSpeak}
        explain={() => false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Bram Netmender replies to your next message' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Cass Ferrywoman replies to your next message' }));
    expect(onPick).toHaveBeenCalledWith(ids.cass);
    fireEvent.click(screen.getByRole('button', { name: 'Let Bram speak' }));
    expect(onSpeak).toHaveBeenCalledWith(ids.bram);
    expect(screen.queryByRole('button', { name: /Skip/ })).toBeNull();
  });

  it('every reply in the list carries its speaker, a former member too; the reply streaming in its writer', () => {
    const g = group();
    const at = '2026-01-01T00:00:00.000Z';
    const msg = (id: string, role: 'user' | 'assistant', content: string, speakerId: string | null): ChatMessage => ({
      id,
      conversationId: g.conversationId,
      role,
      content,
      status: 'complete',
      swipes: role === 'assistant' ? [content] : [],
      swipeIndex: 0,
      createdAt: at,
      editedAt: null,
      persona: null,
      speakerId,
    });
    const messages = [
      msg('m1', 'user', 'Evening all', null),
      msg('m2', 'assistant', 'Nets held.', ids.bram),
      msg('m3', 'assistant', 'I was here once.', '0c6a3d1e-6666-4666-8666-666666666666'),
    ];
    const byId = new Map([...g.members, ...g.formerMembers].map((m) => [m.id, m]));
    const actions = { regenerateOffer: null } as unknown as MessageActions;
    renderWithProviders(
      <MessageList
        character={{
          id: ids.ada,
          name: g.name,
          avatarUrl: null,
          tagline: '',
          creator: { id: ids.ada, username: '' },
          premium: false,
          nsfw: false,
          deleted: false,
        }}
        userName="luna"
        messages={messages}
        streaming={{ kind: 'message', replyId: null, text: 'The ferry', queue: 0 }}
        freeReply={false}
        actions={actions}
        generate={() => {}}
        scroller={{ current: null }}
        onScroll={() => {}}
        speakers={{
          of: (m) => byId.get(m.speakerId ?? '') ?? { name: '?', avatarUrl: null },
          streaming: { name: 'Cass Ferrywoman', avatarUrl: null },
        }}
      />,
    );
    const replies = screen.getAllByTestId('message-assistant').map((li) => li.textContent);
    expect(replies[0]).toContain('Bram Netmender');
    expect(replies[1]).toContain('Dmitri Gone');
    expect(replies[2]).toContain('Cass Ferrywoman');
    expect(replies[2]).toContain('The ferry');
    expect(screen.getByRole('list', { name: 'Group chat Harbour night' })).toBeTruthy();
  });
});
