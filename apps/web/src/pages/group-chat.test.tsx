// The group chat page composes the voice feature into the group's replies (#42, point 2): each reply has the same
// Listen control as a one-to-one reply, with its price in its label, and reads through the group's speech route (the
// server picks the speaker's voice); the user's own lines have none.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Group, GroupSession, VoiceStatusResponse } from '@reverie/shared';
import { signIn } from '@/test/characters';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import GroupChatPage from './group-chat';

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
const line = (n: number, role: ChatMessage['role'], speakerId: string | null, content: string): ChatMessage => ({
  id: `7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  conversationId,
  role,
  content,
  status: 'complete',
  swipes: role === 'assistant' ? [content] : [],
  swipeIndex: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  persona: null,
  speakerId,
});
const messages = [
  line(1, 'user', null, 'Evening, both of you.'),
  line(2, 'assistant', ada, 'The lamps are lit. The tide is turning.'),
  line(3, 'assistant', bram, 'Nets are mended.'),
];
const session: GroupSession = {
  group,
  messages,
  hasMore: false,
  cost: { freeLeft: 10, costPerMessage: 1, balance: 0 },
  memory: { summary: '', pinned: [], updatedAt: null, recall: true },
};
const allowance = (used: number, limit = 20) => ({ limit, used, remaining: limit - used, resetsAt: '2026-01-02T00:00:00.000Z' });
const voiceStatus: VoiceStatusResponse = {
  speech: { provider: 'openai', available: true, message: null },
  transcription: { provider: 'off', available: false, message: 'Off.' },
  prices: {
    speech: { cost: 2, allowance: allowance(1) },
    transcription: { cost: 1, allowance: allowance(0) },
    call: { cost: 2, allowance: allowance(0, 10) },
    balance: 7,
  },
  settings: { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} },
  limits: { maxSeconds: 60, maxBytes: 5_000_000 },
};

describe('/group/:id read aloud', () => {
  beforeEach(() => {
    resetClientState();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("has Listen with its price under each member's reply, read through the group's speech route", async () => {
    signIn();
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      queueMicrotask(() => this.onended?.(new Event('ended')));
      return Promise.resolve();
    });
    const speech = (id: string) => `POST /api/groups/${group.id}/message/${id}/speech`;
    const audio = () => new Response('mp3', { headers: { 'content-type': 'audio/mpeg' } });
    const api = mockApi({
      [`GET /api/groups/${group.id}`]: () => json(session),
      'GET /api/voice/status': () => json(voiceStatus),
      [speech(messages[1]!.id)]: audio,
      [speech(messages[2]!.id)]: audio,
    });
    renderWithProviders(
      <MemoryRouter initialEntries={[`/group/${group.id}`]}>
        <Routes>
          <Route path="/group/:id" element={<GroupChatPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('Nets are mended.');
    const listens = await screen.findAllByRole('button', { name: 'Listen (free, 19 left today)' });
    // Ada's reply and Bram's; not the user's line.
    expect(listens).toHaveLength(2);
    const userLine = document.querySelector(`[data-message-id="${messages[0]!.id}"]`) as HTMLElement;
    expect(within(userLine).queryByTestId('listen')).toBeNull();
    const bramsLine = document.querySelector(`[data-message-id="${messages[2]!.id}"]`) as HTMLElement;
    fireEvent.click(within(bramsLine).getByTestId('listen'));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(api.callsTo(speech(messages[2]!.id)).map((c) => (c.body as { sentence: number }).sentence)).toEqual([0]);
    // Ada's two sentences, one Listen (one playId), through the group's route only.
    const adasLine = document.querySelector(`[data-message-id="${messages[1]!.id}"]`) as HTMLElement;
    fireEvent.click(within(adasLine).getByTestId('listen'));
    await waitFor(() => expect(played).toHaveLength(3));
    const bodies = api.callsTo(speech(messages[1]!.id)).map((c) => c.body as { playId: string; sentence: number });
    expect(bodies.map((b) => b.sentence)).toEqual([0, 1]);
    expect(new Set(bodies.map((b) => b.playId)).size).toBe(1);
    const spoken = api.fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.endsWith('/speech'));
    expect(spoken.every((u) => u.includes(`/api/groups/${group.id}/message/`))).toBe(true);
  });
});
