import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatStatus } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { Composer, ModelStatus, sendBlockedReason } from '@/features/conversation';
import { TinyChatCheck } from './tiny-chat-check';

const status = (over: Partial<ChatStatus>): ChatStatus => ({
  provider: 'embedded',
  model: 'Hermes-3-Llama-3.2-3B.Q4_K_M',
  contextSize: 4096,
  ready: false,
  state: 'downloading',
  progress: 42.7,
  message: 'The model is downloading: 42 %',
  problem: null,
  canRetry: false,
  active: 0,
  queued: 0,
  diagnosticCharacterId: null,
  ...over,
});

describe('the model status on the chat page', () => {
  beforeEach(() => resetClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first-start download with its progress', () => {
    renderWithProviders(<ModelStatus status={status({})} />);
    expect(screen.getByRole('status').textContent).toContain('The language model is downloading: 42 %');
    expect(screen.getByRole('progressbar', { name: 'Model download' }).getAttribute('aria-valuenow')).toBe('42');
  });

  it('says why the model is unavailable, and shows nothing once it is ready', () => {
    const { unmount } = renderWithProviders(
      <ModelStatus status={status({ state: 'error', progress: null, message: 'The language model is unavailable: disk full' })} />,
    );
    expect(screen.getByRole('status').textContent).toBe('The language model is not available.The language model is unavailable: disk full');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    unmount();
    renderWithProviders(<ModelStatus status={status({ ready: true, state: 'ready', progress: null, message: null })} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a download attempt that failed and is retried, without a progress bar', () => {
    const problem = 'Cannot reach the model host (huggingface.co): is this machine offline? Trying again in 8 s. To chat without…';
    renderWithProviders(<ModelStatus status={status({ progress: 0, problem })} />);
    const box = screen.getByRole('status');
    expect(box.textContent).toBe(`The model download is not getting through.${problem}`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sendBlockedReason(status({ problem }))).toBe('Sending starts once the model has downloaded.');
  });

  it('retries a failed start with the Retry button and shows the new state', async () => {
    const failed = status({
      state: 'error',
      progress: null,
      problem: 'Cannot reach the model host (x): is this machine offline?',
      canRetry: true,
    });
    const api = mockApi({ 'POST /api/chat/status/retry': () => json(status({ progress: 0 })) });
    renderWithProviders(<ModelStatus status={failed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST /api/chat/status/retry')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData<ChatStatus>(['chat', 'status'])?.state).toBe('downloading'));
  });

  it('says why the composer does not send for every state but ready', () => {
    expect(sendBlockedReason(undefined)).toBeNull();
    expect(sendBlockedReason(status({ ready: true, state: 'ready' }))).toBeNull();
    expect(sendBlockedReason(status({ state: 'loading' }))).toBe('Sending starts once the model has loaded.');
    expect(sendBlockedReason(status({ state: 'error' }))).toBe('Sending is off: the language model is not available.');
  });
});

describe('the composer while no model is ready', () => {
  it('keeps the text, does not send, and says why', () => {
    const onSend = vi.fn(() => true);
    render(
      <Composer
        characterName="Mira"
        cost={undefined}
        generating={false}
        sendBlocked="Sending starts once the model has downloaded."
        onSend={onSend}
        onStop={() => {}}
      />,
    );
    const box = screen.getByLabelText('Message Mira');
    fireEvent.change(box, { target: { value: 'Hello?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('Hello?');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sending starts once the model has downloaded.')).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toContain('chat-blocked');
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
