// Hold-to-talk through the browser's own recogniser (an opt-in, Settings → Voice): a fake `webkitSpeechRecognition`
// hears what the test says; nothing is uploaded. The switch is offered only where the browser has a recogniser.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceStatusResponse } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { MicButton } from './mic-button';
import { SpeechSettingsCard } from './speech-settings-card';

const allowance = { limit: 20, used: 0, remaining: 20, resetsAt: '2026-01-02T00:00:00.000Z' };
const status = (transcription: 'openai' | 'off', speech: 'openai' | 'off' = 'off'): VoiceStatusResponse => ({
  speech: { provider: speech, available: speech !== 'off', message: null },
  transcription: { provider: transcription, available: transcription !== 'off', message: null },
  prices: { speech: { cost: 2, allowance }, transcription: { cost: 1, allowance }, call: { cost: 2, allowance }, balance: 7 },
  settings: { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} },
  limits: { maxSeconds: 60, maxBytes: 5_000_000 },
});

/** The recogniser the page made last; `say` hands it a final result, `fail` an error. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = true;
  started = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  private results: Array<{ isFinal: boolean; 0: { transcript: string } }> = [];
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.onerror?.({ error: 'aborted' });
    this.onend?.();
  }
  say(text: string) {
    this.results.push({ isFinal: true, 0: { transcript: text } });
    this.onresult?.({ resultIndex: this.results.length - 1, results: Object.assign([...this.results], { length: this.results.length }) });
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
}

beforeEach(() => {
  resetClientState();
  localStorage.clear();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  FakeRecognition.last = null;
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
});
afterEach(() => vi.unstubAllGlobals());

describe("hold to talk with the browser's recogniser", () => {
  it('is heard by the browser when chosen, even with transcription off on the server: nothing uploaded', async () => {
    localStorage.setItem('reverie.browserRecognition', 'on');
    const getUserMedia = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, language: 'de-DE', mediaDevices: { getUserMedia } });
    const api = mockApi({ 'GET /api/voice/status': () => json(status('off')) });
    const onTranscript = vi.fn();
    renderWithProviders(<MicButton onTranscript={onTranscript} />);
    const mic = await screen.findByRole('button', { name: "Hold to talk (free, this browser's recognition)" });
    fireEvent.pointerDown(mic);
    await screen.findByRole('button', { name: /^Hold to talk/, pressed: true });
    const r = FakeRecognition.last!;
    expect([r.started, r.lang, r.continuous, r.interimResults]).toEqual([true, 'de-DE', true, false]);
    r.say('guten Abend');
    r.say(' wie geht es dir ');
    fireEvent.pointerUp(mic);
    await waitFor(() => expect(onTranscript).toHaveBeenCalledWith('guten Abend wie geht es dir'));
    expect(api.callsTo('POST /api/voice/transcriptions')).toHaveLength(0);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Hold to talk/, pressed: false })).toBeTruthy();
  });

  it('says what went wrong in a sentence, and that nothing was heard', async () => {
    localStorage.setItem('reverie.browserRecognition', 'on');
    mockApi({ 'GET /api/voice/status': () => json(status('openai')) });
    const onTranscript = vi.fn();
    renderWithProviders(<MicButton onTranscript={onTranscript} />);
    const mic = await screen.findByRole('button', { name: /^Hold to talk/ });
    fireEvent.pointerDown(mic);
    await screen.findByRole('button', { name: /^Hold to talk/, pressed: true });
    FakeRecognition.last!.fail('network');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not reach its service: try again, or turn it off in Settings → Voice/,
    );
    fireEvent.pointerDown(mic);
    await screen.findByRole('button', { name: /^Hold to talk/, pressed: true });
    fireEvent.pointerUp(mic);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Nothing was heard/));
    expect(onTranscript).not.toHaveBeenCalled();
  });

  it('a recogniser that refuses to start says so and leaves the button ready, not stuck recording', async () => {
    localStorage.setItem('reverie.browserRecognition', 'on');
    mockApi({ 'GET /api/voice/status': () => json(status('off')) });
    class Refusing extends FakeRecognition {
      override start() {
        throw new DOMException('recognition has already started', 'InvalidStateError');
      }
    }
    vi.stubGlobal('webkitSpeechRecognition', Refusing);
    renderWithProviders(<MicButton onTranscript={vi.fn()} />);
    const mic = await screen.findByRole('button', { name: /^Hold to talk/ });
    fireEvent.pointerDown(mic);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not start listening: try again/);
    expect(screen.getByRole('button', { name: /^Hold to talk/, pressed: false })).toBeTruthy();
    fireEvent.pointerUp(mic);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('button', { name: /^Hold to talk/, pressed: false })).toBeTruthy();
  });
});

describe('the switch in Settings → Voice', () => {
  it('is offered where the browser can recognise speech, kept in this browser, and changes the microphone', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status('openai')) });
    renderWithProviders(
      <>
        <SpeechSettingsCard />
        <MicButton onTranscript={() => {}} />
      </>,
    );
    await screen.findByRole('button', { name: 'Hold to talk (free, 20 left today)' });
    const toggle = await screen.findByRole('switch', { name: "Use this browser's speech recognition" });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(localStorage.getItem('reverie.browserRecognition')).toBe('on');
    await screen.findByRole('button', { name: "Hold to talk (free, this browser's recognition)" });
  });

  it('is not offered where the browser has no recogniser (Firefox), and a stored choice is ignored there', async () => {
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    localStorage.setItem('reverie.browserRecognition', 'on');
    mockApi({ 'GET /api/voice/status': () => json(status('openai', 'openai')) });
    renderWithProviders(
      <>
        <SpeechSettingsCard />
        <MicButton onTranscript={() => {}} />
      </>,
    );
    await screen.findByRole('button', { name: 'Hold to talk (free, 20 left today)' });
    await screen.findByRole('switch', { name: 'Read replies aloud as they arrive' });
    expect(screen.queryByRole('switch', { name: "Use this browser's speech recognition" })).toBeNull();
  });

  it('is the only row where the server neither speaks nor transcribes: no reading-aloud rows, no prices', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status('off', 'off')) });
    renderWithProviders(<SpeechSettingsCard />);
    await screen.findByRole('switch', { name: "Use this browser's speech recognition" });
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    expect(screen.getByText('How hold to talk hears you. Recordings are not kept.')).toBeTruthy();
    expect(screen.queryByText(/Listening to a reply|Speaking a message/)).toBeNull();
  });

  it('shows the reading-aloud rows and both prices where the server speaks and transcribes', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status('openai', 'openai')) });
    renderWithProviders(<SpeechSettingsCard />);
    await screen.findByRole('switch', { name: 'Read replies aloud as they arrive' });
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByText(/Listening to a reply: free, 20 left today\. Speaking a message: free, 20 left today\./)).toBeTruthy();
  });
});
