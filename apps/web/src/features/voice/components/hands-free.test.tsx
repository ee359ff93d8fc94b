// Hands-free in the composer: the microphone's loudness (a fake analyser) goes loud for a second then quiet, and one
// transcription comes back into the composer; refused microphone; off without transcription.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceStatusResponse } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { HandsFreeButton } from './hands-free-button';

const allowance = { limit: 20, used: 0, remaining: 20, resetsAt: '2026-01-02T00:00:00.000Z' };
const status = (provider: 'openai' | 'off' = 'openai'): VoiceStatusResponse => ({
  speech: { provider: 'openai', available: true, message: null },
  transcription: { provider, available: provider !== 'off', message: null },
  prices: { speech: { cost: 2, allowance }, transcription: { cost: 1, allowance }, call: { cost: 2, allowance }, balance: 7 },
  settings: { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} },
  limits: { maxSeconds: 60, maxBytes: 5_000_000 },
});

/** The level the fake microphone gives now (RMS of the samples the analyser hands out). */
let level = 0;
const stopTrack = vi.fn();

class FakeRecorder {
  static started = 0;
  state = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    FakeRecorder.started++;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}
class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 0, getFloatTimeDomainData: (a: Float32Array) => a.fill(level) };
  }
  createMediaStreamSource() {
    return { connect() {} };
  }
  close() {
    return Promise.resolve();
  }
}

beforeEach(() => {
  resetClientState();
  sessionStorage.clear();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  level = 0;
  FakeRecorder.started = 0;
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('HandsFreeButton', () => {
  it('sends what is said once it ends, puts the words in the composer, listens on, and lets the microphone go when stopped', async () => {
    const api = mockApi({
      'GET /api/voice/status': () => json(status()),
      'POST /api/voice/transcriptions': () =>
        json({ text: 'hello world', durationMs: 1200, charge: { outcome: 'free', cost: 0, balance: 7 } }),
    });
    const onTranscript = vi.fn();
    renderWithProviders(<HandsFreeButton onTranscript={onTranscript} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Hands-free listening (free, 20 left today each time you speak)', pressed: false }),
    );
    // "Opening the microphone…" comes first, for as long as the browser takes to open it.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    expect(sessionStorage.getItem('reverie.handsFree')).toBe('on');
    level = 0.2;
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Hearing you…'));
    await new Promise((r) => setTimeout(r, 500));
    level = 0.001;
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('hello world'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    expect(api.callsTo('POST /api/voice/transcriptions')).toHaveLength(1);
    // A new recording waits for the next thing said.
    expect(FakeRecorder.started).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: /^Hands-free listening/, pressed: true }));
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(sessionStorage.getItem('reverie.handsFree')).toBe('off');
  });

  it('does not send a click shorter than a word', async () => {
    const api = mockApi({ 'GET /api/voice/status': () => json(status()) });
    renderWithProviders(<HandsFreeButton onTranscript={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hands-free listening/, pressed: false }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    // Loud for 180 ms: heard as a start (120 ms), too short to be words.
    level = 0.3;
    await new Promise((r) => setTimeout(r, 180));
    level = 0;
    await new Promise((r) => setTimeout(r, 1300));
    expect(screen.getByRole('status').textContent).toBe('Listening');
    expect(api.callsTo('POST /api/voice/transcriptions')).toHaveLength(0);
    // It was heard: its recording was dropped and a new one started.
    expect(FakeRecorder.started).toBe(2);
  });

  it('says so when the microphone is refused, and is off again', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    mockApi({ 'GET /api/voice/status': () => json(status()) });
    renderWithProviders(<HandsFreeButton onTranscript={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hands-free listening/, pressed: false }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The microphone is not available/);
    expect(screen.getByTestId('hands-free').getAttribute('aria-pressed')).toBe('false');
    expect(sessionStorage.getItem('reverie.handsFree')).toBe('off');
  });

  it('is not there when transcription is off', async () => {
    const api = mockApi({ 'GET /api/voice/status': () => json(status('off')) });
    renderWithProviders(<HandsFreeButton onTranscript={() => {}} />);
    await waitFor(() => expect(api.callsTo('GET /api/voice/status')).toHaveLength(1));
    expect(screen.queryByTestId('hands-free')).toBeNull();
  });
});
