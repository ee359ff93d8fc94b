// Hands-free in the composer: the microphone's loudness (a fake analyser) goes loud for a second then quiet, and one
// transcription comes back into the composer; refused microphone; off without transcription. The microphone's samples
// come from a fake AudioWorklet (48 kHz blocks at the same level) and go up as 16 kHz WAV; where worklets do not load,
// a (fake) MediaRecorder records instead.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
/** When set: the level of the next `loudReads` analyser reads (each one a 30 ms frame), 0 after them. */
let loudReads: { level: number; left: number } | null = null;
/** A busy page: each analyser read holds the thread this long, so the next ones come late. */
let busyMs = 0;
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
/** The worklet node the listener made: each analyser read (every 30 ms) also hands it 30 ms of samples at `level`. */
class FakeWorkletNode {
  static last: FakeWorkletNode | null = null;
  port: { onmessage: ((e: { data: Float32Array }) => void) | null } = { onmessage: null };
  constructor() {
    FakeWorkletNode.last = this;
  }
  connect<T>(next: T): T {
    return next;
  }
}
let worklets = true;
class FakeAudioContext {
  sampleRate = 48_000;
  destination = {};
  audioWorklet = {
    addModule: async (url: string) => (worklets && url === '/audio/pcm-capture.js' ? undefined : Promise.reject(new Error('no'))),
  };
  createAnalyser() {
    return {
      fftSize: 0,
      getFloatTimeDomainData: (a: Float32Array) => {
        if (loudReads) level = loudReads.left-- > 0 ? loudReads.level : 0;
        for (const t = performance.now(); performance.now() - t < busyMs;);
        a.fill(level);
        FakeWorkletNode.last?.port.onmessage?.({ data: new Float32Array(1440).fill(level) });
      },
    };
  }
  createMediaStreamSource() {
    return { connect: <T,>(next: T) => next, disconnect() {} };
  }
  createGain() {
    return { gain: { value: 1 }, connect: <T,>(next: T) => next, disconnect() {} };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

/** The recording a transcription call uploaded. */
async function uploaded(call: { body: unknown }): Promise<DataView> {
  return new DataView(await ((call.body as FormData).get('file') as Blob).arrayBuffer());
}

beforeEach(() => {
  loudReads = null;
  busyMs = 0;
  resetClientState();
  sessionStorage.clear();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  level = 0;
  worklets = true;
  FakeRecorder.started = 0;
  FakeWorkletNode.last = null;
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
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
    // The microphone's samples, as 16 kHz mono 16-bit WAV: 20 % loud while spoken, then the quiet that ended it.
    const wav = await uploaded(api.callsTo('POST /api/voice/transcriptions')[0]!);
    expect([wav.getUint32(0), wav.getUint32(8), wav.getUint16(22, true), wav.getUint32(24, true)]).toEqual([
      0x52494646, 0x57415645, 1, 16_000,
    ]);
    const samples = Array.from({ length: (wav.byteLength - 44) / 2 }, (_, i) => wav.getInt16(44 + 2 * i, true));
    expect(samples.length).toBeGreaterThan(16_000 * 1.2); // more than a second of speech and the second of quiet
    expect(samples).toContain(Math.round(0.2 * 0x7fff));
    // A new recording waits for the next thing said.
    fireEvent.click(screen.getByRole('button', { name: /^Hands-free listening/, pressed: true }));
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(sessionStorage.getItem('reverie.handsFree')).toBe('off');
  });

  it('puts the words of each thing said in the composer, also when the next was sent before they came back', async () => {
    const answers: Array<(response: Response) => void> = [];
    const api = mockApi({
      'GET /api/voice/status': () => json(status()),
      'POST /api/voice/transcriptions': () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    const onTranscript = vi.fn();
    renderWithProviders(<HandsFreeButton onTranscript={onTranscript} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hands-free listening/, pressed: false }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    const say = async (sent: number) => {
      level = 0.2;
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Hearing you…'));
      await new Promise((r) => setTimeout(r, 500));
      level = 0.001;
      await waitFor(() => expect(api.callsTo('POST /api/voice/transcriptions')).toHaveLength(sent), { timeout: 3000 });
    };
    await say(1);
    // A second sentence after a pause: sent while the first one's words are still on their way.
    await say(2);
    const words = (text: string) => json({ text, durationMs: 1200, charge: { outcome: 'free', cost: 0, balance: 7 } });
    act(() => answers[0]!(words('first sentence')));
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('first sentence'));
    act(() => answers[1]!(words('second sentence')));
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('second sentence'));
    expect(onTranscript.mock.calls).toEqual([['first sentence'], ['second sentence']]);
  });

  it.each([0, 50])('does not send a click shorter than a word (each read holding the page %i ms)', async (busy) => {
    busyMs = busy;
    const api = mockApi({ 'GET /api/voice/status': () => json(status()) });
    renderWithProviders(<HandsFreeButton onTranscript={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hands-free listening/, pressed: false }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    // Loud for six frames (180 ms): heard as a start (120 ms), too short to be words however late the reads come.
    loudReads = { level: 0.3, left: 6 };
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Hearing you…'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 300)); // a recording handed over would be on its way by now
    expect(screen.getByRole('status').textContent).toBe('Listening');
    expect(api.callsTo('POST /api/voice/transcriptions')).toHaveLength(0);
  });

  it('records with MediaRecorder where worklets do not load: the same turns, a new recording after each', async () => {
    worklets = false;
    const api = mockApi({
      'GET /api/voice/status': () => json(status()),
      'POST /api/voice/transcriptions': () => json({ text: 'hi', durationMs: 900, charge: { outcome: 'free', cost: 0, balance: 7 } }),
    });
    const onTranscript = vi.fn();
    renderWithProviders(<HandsFreeButton onTranscript={onTranscript} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hands-free listening/, pressed: false }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Listening'));
    level = 0.2;
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Hearing you…'));
    await new Promise((r) => setTimeout(r, 500));
    level = 0.001;
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('hi'), { timeout: 3000 });
    const file = (api.callsTo('POST /api/voice/transcriptions')[0]!.body as FormData).get('file') as Blob;
    expect(await file.text()).toBe('opus');
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
