import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeCharacter, pageOf } from '@/test/characters';
import { useCharactersInfinite } from '../api/get-characters';
import { InfiniteCharacterGrid } from './character-grid';

/** An IntersectionObserver the test can fire by hand. */
class ManualObserver {
  static instances: ManualObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ManualObserver.instances.push(this);
  }
  observe = vi.fn();
  disconnect = vi.fn(() => {
    ManualObserver.instances = ManualObserver.instances.filter((o) => o !== this);
  });
  unobserve = vi.fn();
  takeRecords = () => [];
  fire() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function Feed() {
  const query = useCharactersInfinite({ sort: 'popular' });
  return <InfiniteCharacterGrid query={query} label="Characters" empty={<p>Nothing here yet</p>} />;
}

const renderFeed = () =>
  renderWithProviders(
    <MemoryRouter>
      <Feed />
    </MemoryRouter>,
  );

describe('InfiniteCharacterGrid', () => {
  beforeEach(() => {
    resetClientState();
    ManualObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', ManualObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then the first page, and loads the next page when the end scrolls into view', async () => {
    const first = Array.from({ length: 3 }, () => makeCharacter());
    const second = [makeCharacter({ name: 'Late Arrival' })];
    const api = mockApi({
      'GET /api/characters': (_init, url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return json(page === 1 ? pageOf(first, 1, true) : pageOf(second, 2, false));
      },
    });
    renderFeed();
    screen.getByRole('status', { name: 'Loading characters' });
    await screen.findByRole('heading', { name: first[0]!.name });
    expect(screen.getAllByTestId('character-card')).toHaveLength(3);
    expect(api.callsTo('GET /api/characters')).toHaveLength(1);

    act(() => ManualObserver.instances.at(-1)?.fire());
    await screen.findByRole('heading', { name: 'Late Arrival' });
    expect(screen.getAllByTestId('character-card')).toHaveLength(4);
    expect(api.callsTo('GET /api/characters')).toHaveLength(2);
    // The last page said hasMore=false: nothing more is observed or requested.
    await waitFor(() => expect(ManualObserver.instances).toHaveLength(0));
  });

  it('shows the empty state when the first page is empty', async () => {
    mockApi({ 'GET /api/characters': () => json(pageOf([])) });
    renderFeed();
    await screen.findByText('Nothing here yet');
    expect(screen.queryByRole('status', { name: 'Loading characters' })).toBeNull();
  });

  it('shows an error with a retry when the first page fails', async () => {
    mockApi({ 'GET /api/characters': () => apiError(503, 'Down for maintenance') });
    renderFeed();
    await screen.findByRole('alert', {}, { timeout: 8000 });
    screen.getByRole('button', { name: 'Try again' });
  }, 15_000);
});
