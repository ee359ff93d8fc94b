import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, VoiceStatusResponse } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ListenButton } from './listen-button';
import { AutoPlay } from './use-auto-play';
import { MicButton } from './mic-button';

const CHAR = '33333333-3333-4333-8333-333333333333';
const MSG = '44444444-4444-4444-8444-444444444444';
const allowance = (used: number, limit = 20) => ({ limit, used, remaining: limit - used, resetsAt: '2026-01-02T00:00:00.000Z' });

function status(over: Partial<VoiceStatusResponse> = {}): VoiceStatusResponse {
  return {
    speech: { provider: 'openai', available: true, message: null },
    transcription: { provider: 'openai', available: true, message: null },
    prices: {
      speech: { cost: 2, allowance: allowance(1) },
      transcription: { cost: 1, allowance: allowance(0) },
      call: { cost: 2, allowance: allowance(0, 10) },
      balance: 7,
    },
    settings: { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} },
    limits: { maxSeconds: 60, maxBytes: 5_000_000 },
    ...over,
  };
}

beforeEach(() => {
  resetClientState();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('ListenButton', () => {
  it('says the price before the click, then plays the reply sentence by sentence as one Listen', async () => {
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      queueMicrotask(() => this.onended?.(new Event('ended')));
      return Promise.resolve();
    });
    const api = mockApi({
      'GET /api/voice/status': () => json(status()),
      [`POST /api/chat/${CHAR}/message/${MSG}/speech`]: () => new Response('mp3', { headers: { 'content-type': 'audio/mpeg' } }),
    });
    renderWithProviders(
      <ListenButton
        characterId={CHAR}
        message={{ id: MSG, role: 'assistant', status: 'complete', content: '*waves* Hello there. How are you?' }}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Listen (free, 19 left today)' });
    fireEvent.click(button);
    await waitFor(() => expect(played, document.body.textContent ?? '').toHaveLength(2));
    const bodies = api.callsTo(`POST /api/chat/${CHAR}/message/${MSG}/speech`).map((c) => c.body as { playId: string; sentence: number });
    expect(bodies.map((b) => b.sentence)).toEqual([0, 1]);
    expect(new Set(bodies.map((b) => b.playId)).size).toBe(1);
  });

  it('says coins when no free use is left, is absent when speech is off or the message is not a reply', async () => {
    mockApi({
      'GET /api/voice/status': () => json(status({ prices: { ...status().prices!, speech: { cost: 2, allowance: allowance(20) } } })),
    });
    const first = renderWithProviders(
      <ListenButton characterId={CHAR} message={{ id: MSG, role: 'assistant', status: 'complete', content: 'Hi.' }} />,
    );
    expect(await screen.findByRole('button', { name: 'Listen (2 coins (balance 7))' })).toBeTruthy();
    first.unmount();
    renderWithProviders(<ListenButton characterId={CHAR} message={{ id: MSG, role: 'user', status: 'complete', content: 'Hi.' }} />);
    expect(screen.queryByTestId('listen')).toBeNull();
  });
});

describe('AutoPlay in a group chat', () => {
  it("reads a group's new reply once it is saved, through the group's route (the speaker's voice), never the old ones", async () => {
    const GROUP = '55555555-5555-4555-8555-555555555555';
    const NEW = '66666666-6666-4666-8666-666666666666';
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      queueMicrotask(() => this.onended?.(new Event('ended')));
      return Promise.resolve();
    });
    const on = status({ settings: { ...status().settings!, autoPlay: true } });
    const api = mockApi({
      'GET /api/voice/status': () => json(on),
      [`POST /api/groups/${GROUP}/message/${NEW}/speech`]: () => new Response('mp3', { headers: { 'content-type': 'audio/mpeg' } }),
    });
    const reply = (id: string, content: string) =>
      ({ id, role: 'assistant', status: 'complete', content, swipeIndex: 0, speakerId: CHAR }) as ChatMessage;
    const old = reply(MSG, 'An old line.');
    let show: (state: { messages: ChatMessage[]; generating: boolean }) => void = () => {};
    function Page() {
      const [state, setState] = useState({ messages: [old], generating: false });
      show = setState;
      return <AutoPlay groupId={GROUP} {...state} />;
    }
    renderWithProviders(<Page />);
    await waitFor(() => expect(api.callsTo('GET /api/voice/status')).toHaveLength(1));
    act(() => show({ messages: [old], generating: true }));
    // The stream ends a moment before the saved reply is in the list: the old reply is not read meanwhile.
    act(() => show({ messages: [old], generating: false }));
    await new Promise((r) => setTimeout(r, 50));
    expect(played).toHaveLength(0);
    act(() => show({ messages: [old, reply(NEW, 'A new line.')], generating: false }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(api.callsTo(`POST /api/groups/${GROUP}/message/${NEW}/speech`)).toHaveLength(1);
    expect(api.fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/speech'))).toHaveLength(1);
  });
});

describe('MicButton', () => {
  it('records while held and puts the transcript into the composer', async () => {
    const stopTrack = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) },
    });
    class FakeRecorder {
      state = 'inactive';
      mimeType = 'audio/webm';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(readonly stream: unknown) {}
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['opus'], { type: 'audio/webm' }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const api = mockApi({
      'GET /api/voice/status': () => json(status()),
      'POST /api/voice/transcriptions': () =>
        json({ text: 'hello world', durationMs: 1200, charge: { outcome: 'free', cost: 0, balance: 7 } }),
    });
    const onTranscript = vi.fn();
    renderWithProviders(<MicButton characterId={CHAR} onTranscript={onTranscript} />);
    const mic = await screen.findByRole('button', { name: 'Hold to talk (free, 20 left today)' });
    fireEvent.pointerDown(mic);
    await screen.findByRole('button', { name: 'Hold to talk (free, 20 left today)', pressed: true });
    expect(mic.title).toBe('Recording: release to send');
    fireEvent.pointerUp(mic);
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('hello world'));
    expect(stopTrack).toHaveBeenCalled();
    expect(api.callsTo('POST /api/voice/transcriptions')[0]?.body).toBeInstanceOf(FormData);
  });

  it('says so when the microphone is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    mockApi({ 'GET /api/voice/status': () => json(status()) });
    renderWithProviders(<MicButton onTranscript={() => {}} />);
    fireEvent.pointerDown(await screen.findByTestId('mic'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The microphone is not available/);
  });
});
