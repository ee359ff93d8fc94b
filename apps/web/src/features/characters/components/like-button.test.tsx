import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { queryClient } from '@/lib/query-client';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeCharacter, signIn } from '@/test/characters';
import { charactersKeys } from '@/lib/query-keys/characters';
import { toggleLike } from '../api/toggle-like';
import { LikeButton } from './like-button';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('toggleLike', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('ignores a second request while one is running, then accepts the next one', async () => {
    signIn();
    const gate = deferred<Response>();
    const api = mockApi({
      'PUT /api/characters/c1/likes': () => gate.promise,
      'DELETE /api/characters/c1/likes': () => json({ isLiked: false, likes: 4 }),
    });
    const first = toggleLike({ id: 'c1', like: true });
    await expect(toggleLike({ id: 'c1', like: false })).resolves.toBeNull();
    gate.resolve(json({ isLiked: true, likes: 5 }));
    await expect(first).resolves.toEqual({ isLiked: true, likes: 5 });
    await expect(toggleLike({ id: 'c1', like: false })).resolves.toEqual({ isLiked: false, likes: 4 });
    expect(api.callsTo('PUT /api/characters/c1/likes')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/characters/c1/likes')).toHaveLength(1);
  });
});

describe('LikeButton', () => {
  beforeEach(resetClientState);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps a guest like on this device under rv_guest_liked_characters and counts it', () => {
    const api = mockApi({});
    const character = makeCharacter({ likes: 10 });
    renderWithProviders(<LikeButton character={character} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Like ${character.name}, `) }));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestLikes) ?? '[]')).toEqual([character.id]);
    expect(screen.getByRole('button', { name: new RegExp(`^Unlike ${character.name}, `) }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('like-count').textContent).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Unlike ${character.name}, `) }));
    expect(window.localStorage.getItem(STORAGE_KEYS.guestLikes)).toBeNull();
    expect(screen.getByTestId('like-count').textContent).toBe('10');
    expect(api.calls).toHaveLength(0);
  });

  it('signed in: a second click while the like runs is ignored, and the answer lands in every cached copy', async () => {
    signIn();
    const character = makeCharacter({ likes: 10, isLiked: false });
    queryClient.setQueryData(charactersKeys.detail(character.id), character);
    const gate = deferred<Response>();
    const api = mockApi({ [`PUT /api/characters/${character.id}/likes`]: () => gate.promise });
    renderWithProviders(<LikeButton character={character} />);
    const button = screen.getByRole('button', { name: new RegExp(`^Like ${character.name}, `) });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.getByTestId('like-count').textContent).toBe('11');
    await act(async () => gate.resolve(json({ isLiked: true, likes: 11 })));
    await waitFor(() => expect(queryClient.getQueryData(charactersKeys.detail(character.id))).toMatchObject({ isLiked: true, likes: 11 }));
    expect(api.calls.filter((c) => c.key.endsWith('/likes'))).toHaveLength(1);
  });

  it('does not log a rate-limited like and puts the button back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signIn();
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const character = makeCharacter({ likes: 3, isLiked: false });
      mockApi({
        [`PUT /api/characters/${character.id}/likes`]: () => json({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, 429),
      });
      renderWithProviders(<LikeButton character={character} />);
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Like ${character.name}, `) }));
      // The queue retries a 429 up to 3 times (1 s, 2 s, 4 s) before giving up quietly.
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('3'));
      expect(screen.getByRole('button', { name: new RegExp(`^Like ${character.name}, `) }).getAttribute('aria-pressed')).toBe('false');
      expect(errors).not.toHaveBeenCalled();
      expect(screen.queryByText('Could not update your like')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
