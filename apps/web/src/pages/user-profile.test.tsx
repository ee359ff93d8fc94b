import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatorSummary, PublicUser } from '@reverie/shared';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { fixtureId, makeCharacter, pageOf, signIn } from '@/test/characters';
import UserProfilePage from './user-profile';

const creator = (n: number, username: string): CreatorSummary => ({
  id: fixtureId(900 + n),
  username,
  avatarUrl: null,
  bio: null,
  characters: 2,
  followers: 5,
  likes: 9,
  isFollowing: false,
});
const page = <T,>(items: T[]) => ({ items, page: 1, limit: 12, total: items.length, hasMore: false });

const render = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/user-profile/:id" element={<UserProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/user-profile/:id', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('your own profile lists your public characters (not the private ones), your followers and who you follow', async () => {
    const me = signIn();
    const profile: PublicUser = {
      id: me.id,
      username: me.username,
      avatarUrl: null,
      bannerUrl: null,
      bio: null,
      counts: { characters: 1, followers: 1, following: 2, likesReceived: 0 },
      isFollowing: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    const mine = { id: me.id, username: me.username, avatarUrl: null };
    mockApi({
      [`GET /api/users/${me.id}`]: () => json(profile),
      [`GET /api/users/${me.id}/characters`]: () =>
        json(
          pageOf([
            makeCharacter({ name: 'Open Road', visibility: 'public', creator: mine }),
            makeCharacter({ name: 'Hidden Harbour', visibility: 'private', creator: mine }),
          ]),
        ),
      [`GET /api/users/${me.id}/followers`]: () => json(page([creator(1, 'nova')])),
      [`GET /api/users/${me.id}/following`]: () => json(page([creator(2, 'orion'), creator(3, 'vega')])),
    });
    render(`/user-profile/${me.id}`);

    const grid = await screen.findByLabelText(`Characters by ${me.username}`);
    await within(grid).findByText('Open Road');
    expect(within(grid).queryByText('Hidden Harbour')).toBeNull();
    expect(screen.queryByText('No public characters yet')).toBeNull();

    const followers = await screen.findByRole('list', { name: 'Followers' });
    within(followers).getByRole('link', { name: '@nova' });
    const following = await screen.findByRole('list', { name: 'Following' });
    expect(
      within(following)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['@orion', '@vega']);
  });

  it('says so when there are no characters or follows yet', async () => {
    const me = signIn();
    mockApi({
      [`GET /api/users/${me.id}`]: () =>
        json({
          id: me.id,
          username: me.username,
          avatarUrl: null,
          bannerUrl: null,
          bio: null,
          counts: { characters: 0, followers: 0, following: 0, likesReceived: 0 },
          createdAt: '2025-01-01T00:00:00.000Z',
        }),
      [`GET /api/users/${me.id}/characters`]: () => json(pageOf([])),
      [`GET /api/users/${me.id}/followers`]: () => json(page([])),
      [`GET /api/users/${me.id}/following`]: () => json(page([])),
    });
    render(`/user-profile/${me.id}`);
    await screen.findByText('No public characters yet');
    await screen.findByText('Nobody follows you yet. Publish a character to be found.');
    await screen.findByText('You do not follow anyone yet. Follow creators to see their new characters first.');
  });
});
