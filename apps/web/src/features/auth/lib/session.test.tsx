import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken, getStoredUser, setStoredUser, setTokens } from '@/lib/auth-tokens';
import { queryClient } from '@/lib/query-client';
import { signOut } from './session-actions';
import { getSessionStatus } from './session-store';
import { SessionSync } from '../components/session-sync';
import { apiError, json, jwt, makeUser, mockApi, resetClientState } from '@/test/helpers';

describe('session', () => {
  beforeEach(() => {
    resetClientState();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['a server error', () => apiError(500, 'boom')],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('logout clears tokens, user and cached data even after %s', async (_what, answer) => {
    const api = mockApi({ 'POST /api/auth/logout': answer });
    setTokens({ accessToken: jwt(), refreshToken: 'refresh-1' });
    setStoredUser(makeUser());
    queryClient.setQueryData(['anything'], 42);

    await signOut();

    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    expect(getSessionStatus()).toBe('anonymous');
    expect(api.callsTo('POST /api/auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(console.error).toHaveBeenCalled();
  });

  it('signing out forgets unsaved character drafts but keeps the age confirmation and the NSFW choice', async () => {
    mockApi({ 'POST /api/auth/logout': () => json({ success: true }) });
    setTokens({ accessToken: jwt(), refreshToken: 'refresh-1' });
    setStoredUser(makeUser());
    localStorage.setItem('rv_character_draft:u1:new', '{"step":2}');
    localStorage.setItem('rv_character_draft:u1:c9', '{"step":1}');
    localStorage.setItem('rv_age_verified', 'true');
    localStorage.setItem('reverie_show_nsfw', 'true');

    await signOut();

    expect(localStorage.getItem('rv_character_draft:u1:new')).toBeNull();
    expect(localStorage.getItem('rv_character_draft:u1:c9')).toBeNull();
    expect(localStorage.getItem('rv_age_verified')).toBe('true');
    expect(localStorage.getItem('reverie_show_nsfw')).toBe('true');
  });

  it('with tokens but no cached user, fetches the profile once and stores it', async () => {
    const api = mockApi({ 'GET /api/auth/me': () => json(makeUser({ coins: 99 })) });
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    expect(getSessionStatus()).toBe('loading');
    render(
      <QueryClientProvider client={queryClient}>
        <SessionSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(getStoredUser<{ coins: number }>()?.coins).toBe(99));
    expect(getSessionStatus()).toBe('authenticated');
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(1);
  });

  it('signs out when that profile fetch fails', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(404, 'User not found') });
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    render(
      <QueryClientProvider client={queryClient}>
        <SessionSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(getAccessToken()).toBeNull());
    expect(getSessionStatus()).toBe('anonymous');
  });
});
