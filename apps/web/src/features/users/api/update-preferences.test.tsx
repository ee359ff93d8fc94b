import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShowNsfw, setShowNsfw } from '@/lib/nsfw';
import { queryClient } from '@/lib/query-client';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, resetClientState } from '@/test/helpers';
import { makeCharacter, pageOf } from '@/test/characters';
import { useCharactersInfinite } from '@/features/characters';
import { useUpdatePreferences } from './update-preferences';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const guestOrder = [makeCharacter({ name: 'Guest pick' })];
const pickedOrder = [makeCharacter({ name: 'Picked for you' })];

describe('saving preferences (onboarding)', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
    setShowNsfw(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refetches the feed at once and turns the NSFW filter on when an NSFW tag was picked', async () => {
    const user = makeUser({ preferences: { selectedTags: [], completedOnboarding: false, nsfwEnabled: false } });
    let saved = false;
    const api = mockApi({
      'GET /api/characters': () => json(pageOf(saved ? pickedOrder : guestOrder)),
      [`PUT /api/users/${user.id}/preferences`]: () => {
        saved = true;
        return json({ ...user, preferences: { selectedTags: ['nsfw', 'fantasy'], completedOnboarding: true, nsfwEnabled: true } });
      },
    });
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(user);
    const { result } = renderHook(() => ({ feed: useCharactersInfinite({ sort: 'popular' }), save: useUpdatePreferences() }), { wrapper });
    await waitFor(() => expect(result.current.feed.data?.pages[0]?.items[0]?.name).toBe('Guest pick'));

    await act(() => result.current.save.mutateAsync({ userId: user.id, selectedTags: ['nsfw', 'fantasy'] }));
    await waitFor(() => expect(result.current.feed.data?.pages[0]?.items[0]?.name).toBe('Picked for you'));
    expect(api.callsTo('GET /api/characters')).toHaveLength(2);
    expect(getShowNsfw()).toBe(true);
  });

  it('leaves the NSFW filter alone when no NSFW tag was picked', async () => {
    const user = makeUser();
    mockApi({ [`PUT /api/users/${user.id}/preferences`]: () => json(user) });
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(user);
    const { result } = renderHook(() => useUpdatePreferences(), { wrapper });
    await act(() => result.current.mutateAsync({ userId: user.id, selectedTags: ['fantasy'] }));
    expect(getShowNsfw()).toBe(false);
  });
});
