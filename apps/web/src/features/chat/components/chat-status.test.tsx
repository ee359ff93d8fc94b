import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatStatus } from '@reverie/shared';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ModelStatus } from './model-status';
import { TinyChatCheck } from './tiny-chat-check';

const status = (over: Partial<ChatStatus>): ChatStatus => ({
  provider: 'embedded',
  model: 'Hermes-3-Llama-3.2-3B.Q4_K_M',
  contextSize: 4096,
  ready: false,
  state: 'downloading',
  progress: 42.7,
  message: 'The model is downloading: 42 %',
  active: 0,
  queued: 0,
  diagnosticCharacterId: null,
  ...over,
});

describe('the model status on the chat page', () => {
  it('shows the first-start download with its progress', () => {
    render(<ModelStatus status={status({})} />);
    expect(screen.getByRole('status').textContent).toContain('The language model is downloading: 42 %');
    expect(screen.getByRole('progressbar', { name: 'Model download' }).getAttribute('aria-valuenow')).toBe('42');
  });

  it('says why the model is unavailable, and shows nothing once it is ready', () => {
    const { rerender } = render(
      <ModelStatus status={status({ state: 'error', progress: null, message: 'The language model is unavailable: disk full' })} />,
    );
    expect(screen.getByRole('status').textContent).toBe('The language model is unavailable: disk full');
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<ModelStatus status={status({ ready: true, state: 'ready', progress: null, message: null })} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the tiny chat of /test', () => {
  beforeEach(() => resetClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('runs one short request and shows the speed, the timing and what the model wrote', async () => {
    const api = mockApi({
      'POST /api/chat/test': () =>
        json({ provider: 'openai', model: 'hermes-3', tokens: 12, ms: 480, firstTokenMs: 95, tokensPerSecond: 25, text: 'Hello! Blue.' }),
    });
    renderWithProviders(<TinyChatCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Run a tiny chat' }));
    expect(await screen.findByText('25 tokens/s')).toBeTruthy();
    expect(screen.getByText('12 tokens in 480 ms, first after 95 ms')).toBeTruthy();
    expect(screen.getByText('hermes-3 (openai)')).toBeTruthy();
    expect(screen.getByText('“Hello! Blue.”')).toBeTruthy();
    expect(api.callsTo('POST /api/chat/test')).toHaveLength(1);
  });

  it('shows the reason when the model cannot answer', async () => {
    mockApi({ 'POST /api/chat/test': () => apiError(503, 'The model is downloading: 42 %') });
    renderWithProviders(<TinyChatCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Run a tiny chat' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The model is downloading: 42 %');
  });
});
