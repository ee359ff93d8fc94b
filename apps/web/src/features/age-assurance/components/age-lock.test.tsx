import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgeAssuranceState } from '@reverie/shared';
import { NsfwToggle } from '@/app/layout/nsfw-toggle';
import { ApiError } from '@/lib/api-client';
import { getShowNsfw, setShowNsfw } from '@/lib/nsfw';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ageLockMessage } from '../lib/age-locked';
import { AgeLockNotice } from './age-lock-notice';

const SENTENCE = 'Where you are, the law asks us to check your age before showing adult content: verify your age to open it.';
const locked: AgeAssuranceState = {
  required: true,
  region: 'GB',
  status: 'not_started',
  locked: true,
  verifiedAt: null,
  provider: 'sandbox',
  message: SENTENCE,
};

describe('age assurance in the web', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
    setShowNsfw(false);
  });
  afterEach(() => vi.restoreAllMocks());

  it('the header NSFW switch shows a lock while age assurance is due, and opens the sentence with Verify my age', async () => {
    mockApi({ 'GET /api/age-assurance': () => json(locked) });
    renderWithProviders(
      <MemoryRouter>
        <NsfwToggle />
      </MemoryRouter>,
    );
    const toggle = await screen.findByRole('button', { name: '18+ NSFW content locked: verify your age' });
    fireEvent.click(toggle);
    expect(getShowNsfw()).toBe(false);
    expect(await screen.findByText(SENTENCE)).toBeTruthy();
    // A guest is asked to sign in first: the result is kept on the account.
    expect(screen.getByRole('button', { name: /Sign in to verify my age/ })).toBeTruthy();
  });

  it('the switch works as before where no check is required', async () => {
    mockApi({ 'GET /api/age-assurance': () => json({ ...locked, required: false, locked: false, message: null }) });
    renderWithProviders(
      <MemoryRouter>
        <NsfwToggle />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '18+ NSFW content blurred: show it' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '18+ NSFW content blurred: show it' }));
    expect(getShowNsfw()).toBe(true);
  });

  it("reads the server's refusal and shows its sentence", () => {
    const err = new ApiError(
      403,
      'Forbidden',
      JSON.stringify({ error: { code: 'AGE_ASSURANCE_REQUIRED', message: SENTENCE }, message: SENTENCE }),
    );
    expect(ageLockMessage(err)).toBe(SENTENCE);
    expect(ageLockMessage(new ApiError(403, 'Forbidden', JSON.stringify({ error: { code: 'FORBIDDEN', message: 'no' } })))).toBeNull();
    renderWithProviders(
      <MemoryRouter>
        <AgeLockNotice message={ageLockMessage(err)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Adult content needs an age check here' })).toBeTruthy();
    expect(screen.getByText(SENTENCE)).toBeTruthy();
  });
});
