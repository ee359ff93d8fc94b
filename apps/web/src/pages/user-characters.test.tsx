import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeCharacter, makeProfile, pageOf, signIn } from '@/test/characters';
import UserCharactersPage from './user-characters';

const render = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/user-characters']}>
      <UserCharactersPage />
    </MemoryRouter>,
  );

describe('/user-characters', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('invites a guest to sign up to create characters', () => {
    mockApi({});
    render();
    screen.getByRole('heading', { name: 'Sign up to create characters and unlock exclusive features' });
    screen.getByRole('button', { name: 'Get Started Free' });
  });

  it('lists every visibility with stats, duplicates, and deletes after confirmation', async () => {
    const user = signIn();
    const secret = makeCharacter({ name: 'Hidden Harbour', visibility: 'private', likes: 3, favorites: 2, chatCount: 12 });
    const open = makeCharacter({
      name: 'Open Road',
      visibility: 'public',
      creator: { id: user.id, username: user.username, avatarUrl: null },
    });
    let deleted = false;
    const api = mockApi({
      [`GET /api/users/${user.id}/characters`]: () => json(pageOf(deleted ? [open] : [secret, open])),
      [`POST /api/characters/${secret.id}/duplicate`]: () =>
        json(makeProfile({ name: 'Hidden Harbour (copy)', visibility: 'private' }), 201),
      [`DELETE /api/characters/${secret.id}`]: () => {
        deleted = true;
        return json({ success: true, message: 'Character deleted' });
      },
    });
    render();
    const rows = await screen.findAllByTestId('my-character');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('Private');
    within(rows[1]!).getByText('Public');
    expect(within(rows[0]!).getByText('12')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe(`/create-character?edit=${secret.id}`);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Duplicate Hidden Harbour' }));
    await screen.findByText('Character duplicated');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete Hidden Harbour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hidden Harbour?' });
    expect(api.callsTo(`DELETE /api/characters/${secret.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('my-character')).toHaveLength(1));
    expect(api.callsTo(`DELETE /api/characters/${secret.id}`)).toHaveLength(1);
  });

  it('tells of each copy, also when another was started before the first was made', async () => {
    const user = signIn();
    const harbour = makeCharacter({ name: 'Hidden Harbour', visibility: 'private' });
    const road = makeCharacter({ name: 'Open Road', visibility: 'private' });
    let answer!: (response: Response) => void;
    const api = mockApi({
      [`GET /api/users/${user.id}/characters`]: () => json(pageOf([harbour, road])),
      [`POST /api/characters/${harbour.id}/duplicate`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`POST /api/characters/${road.id}/duplicate`]: () => json(makeProfile({ name: 'Open Road (copy)', visibility: 'private' }), 201),
    });
    render();
    const rows = await screen.findAllByTestId('my-character');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Duplicate Hidden Harbour' }));
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Duplicate Open Road' }));
    await screen.findByText('Open Road (copy) is private until you publish it.');
    await waitFor(() => expect(api.callsTo(`POST /api/characters/${harbour.id}/duplicate`)).toHaveLength(1));
    act(() => answer(json(makeProfile({ name: 'Hidden Harbour (copy)', visibility: 'private' }), 201)));
    await screen.findByText('Hidden Harbour (copy) is private until you publish it.');
  });

  it('leads to the creator when there is nothing yet', async () => {
    const user = signIn();
    mockApi({ [`GET /api/users/${user.id}/characters`]: () => json(pageOf([])) });
    render();
    await screen.findByRole('heading', { name: "You haven't created any characters yet" });
    const links = screen.getAllByRole('link', { name: 'Create a character' });
    expect(links.every((a) => a.getAttribute('href') === '/create-character')).toBe(true);
  });
});
