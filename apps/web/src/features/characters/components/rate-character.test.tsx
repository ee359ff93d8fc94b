import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { ratingLabel } from '../lib/rating';
import { RateCharacter } from './rate-character';

const ID = '00000000-0000-4000-8000-000000000001';

describe('RateCharacter', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('lets someone who chatted rate, and shows the new rating', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: 4, ratingCount: 3, myRating: null, canRate: true, reason: null }),
      [`PUT /api/characters/${ID}/rating`]: () => json({ rating: 4.25, ratingCount: 4, myRating: 5, canRate: true, reason: null }),
    });
    renderWithProviders(<RateCharacter characterId={ID} name="Aria" />);
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars: Superb' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/characters/${ID}/rating`)[0]?.body).toEqual({ stars: 5 }));
    expect(await screen.findByText('4.3 out of 5 from 4 ratings')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5 stars: Superb' }).getAttribute('aria-checked')).toBe('true');
    screen.getByRole('heading', { name: 'Your rating' });
  });

  it('explains why someone who never chatted cannot rate, without stars', async () => {
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () =>
        json({
          rating: 0,
          ratingCount: 0,
          myRating: null,
          canRate: false,
          reason: 'Chat with this character first: ratings come from people who have talked with it.',
        }),
    });
    renderWithProviders(<RateCharacter characterId={ID} name="Aria" />);
    await screen.findByText('Chat with this character first: ratings come from people who have talked with it.');
    expect(screen.queryByRole('radio')).toBeNull();
    screen.getByText('New: not rated yet');
  });

  it('says so when saving fails', async () => {
    signIn();
    mockApi({
      [`GET /api/characters/${ID}/rating`]: () => json({ rating: 0, ratingCount: 0, myRating: null, canRate: true, reason: null }),
      [`PUT /api/characters/${ID}/rating`]: () => apiError(403, 'You cannot rate your own character.'),
    });
    renderWithProviders(<RateCharacter characterId={ID} name="Aria" />);
    fireEvent.click(await screen.findByRole('radio', { name: '2 stars: Fair' }));
    await screen.findByText('You cannot rate your own character.');
  });
});

describe('ratingLabel', () => {
  it('shows "New" below three ratings and the average from three on', () => {
    expect(ratingLabel({ rating: 5, ratingCount: 2 })).toBe('New');
    expect(ratingLabel({ rating: 0, ratingCount: 0 })).toBe('New');
    expect(ratingLabel({ rating: 4.333, ratingCount: 3 })).toBe('4.3');
  });
});
