import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceStatusResponse } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { CallButton } from './call-button';

const character = { id: '33333333-3333-4333-8333-333333333333', name: 'Mira Vale', avatarUrl: null, deleted: false };
const allowance = (used: number, limit: number) => ({ limit, used, remaining: limit - used, resetsAt: '2026-01-02T00:00:00.000Z' });

function status(over: { transcription?: boolean; callUsed?: number } = {}): VoiceStatusResponse {
  const on = over.transcription ?? true;
  return {
    speech: { provider: 'openai', available: true, message: null },
    transcription: { provider: on ? 'openai' : 'off', available: on, message: on ? null : 'Off.' },
    prices: {
      speech: { cost: 1, allowance: allowance(0, 20) },
      transcription: { cost: 1, allowance: allowance(0, 20) },
      call: { cost: 2, allowance: allowance(over.callUsed ?? 1, 10) },
      balance: 7,
    },
    settings: { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} },
    limits: { maxSeconds: 60, maxBytes: 5_000_000 },
  };
}

beforeEach(() => {
  resetClientState();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('CallButton', () => {
  it('says what a minute costs before anything starts, and the call screen says it again beside Start call', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status()) });
    renderWithProviders(<CallButton character={character} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Call Mira Vale (free, 9 minutes left today)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mira Vale' });
    expect(within(dialog).getByText('Each minute: free, 9 minutes left today')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Ready to call');
    expect(within(dialog).getByRole('button', { name: 'Start call' })).toBeTruthy();
  });

  it('says coins a minute once the free minutes are used', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status({ callUsed: 10 })) });
    renderWithProviders(<CallButton character={character} />);
    expect(await screen.findByRole('button', { name: 'Call Mira Vale (2 coins a minute (balance 7))' })).toBeTruthy();
  });

  it('is absent unless speech and transcription are both on', async () => {
    const api = mockApi({ 'GET /api/voice/status': () => json(status({ transcription: false })) });
    renderWithProviders(<CallButton character={character} />);
    await vi.waitFor(() => expect(api.callsTo('GET /api/voice/status').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /^Call / })).toBeNull();
  });

  it('says so in a sentence when the microphone is refused, and opens no connection', async () => {
    mockApi({ 'GET /api/voice/status': () => json(status()) });
    const sockets = vi.fn();
    vi.stubGlobal('WebSocket', sockets);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.reject(new Error('NotAllowedError')) } });
    renderWithProviders(<CallButton character={character} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Call Mira Vale/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The microphone is off or not allowed: allow it in the browser to call.');
    expect(sockets).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Call Mira Vale again' })).toBeTruthy();
  });
});
