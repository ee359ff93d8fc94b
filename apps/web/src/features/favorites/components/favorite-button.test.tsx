import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuestPromptProvider } from '@/features/guest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeCharacter, signIn } from '@/test/characters';
import { FavoriteButton } from './favorite-button';

const render = (ui: React.ReactNode) => renderWithProviders(<GuestPromptProvider>{ui}</GuestPromptProvider>);

describe('FavoriteButton', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('for a guest keeps the favorite locally and opens the sign-up prompt naming the character', async () => {
    const api = mockApi({});
    const character = makeCharacter({ name: 'Seraphina Vale' });
    render(<FavoriteButton character={character} />);
    fireEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('heading', { name: 'Sign up to add Seraphina Vale to your favorites and unlock exclusive features' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestFavorites) ?? '[]')).toEqual([character.id]);
    expect(api.calls).toHaveLength(0);
  });

  it('signed in posts the favorite and shows the saved state', async () => {
    signIn();
    const character = makeCharacter({ isFavorite: false });
    const api = mockApi({ 'POST /api/favorites': () => json({ isFavorite: true, favorites: 8 }) });
    render(<FavoriteButton character={character} />);
    fireEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/favorites')).toEqual([{ key: 'POST /api/favorites', body: { characterId: character.id } }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
