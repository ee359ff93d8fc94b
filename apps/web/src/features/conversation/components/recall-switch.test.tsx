import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { RecallSwitch } from './recall-switch';

const CONV = '00000000-0000-4000-8000-000000000011';

describe('the recall switch', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('turns recall off for the conversation', async () => {
    signIn();
    const api = mockApi({ [`PUT /api/conversations/${CONV}/recall`]: () => json({ enabled: false }) });
    renderWithProviders(<RecallSwitch conversationId={CONV} enabled />);
    const toggle = screen.getByRole('switch', { name: 'Recall' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(api.callsTo(`PUT /api/conversations/${CONV}/recall`)[0]?.body).toEqual({ enabled: false }));
    await screen.findByText('Recall is off');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('goes back and says why when the server refuses', async () => {
    signIn();
    mockApi({ [`PUT /api/conversations/${CONV}/recall`]: () => apiError(404, 'Conversation not found') });
    renderWithProviders(<RecallSwitch conversationId={CONV} enabled />);
    const toggle = screen.getByRole('switch', { name: 'Recall' });
    fireEvent.click(toggle);
    await screen.findByText('Recall not changed');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });
});
