import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@reverie/shared';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { fixtureId } from '@/test/characters';
import { CategoryChips, SortTabs } from './feed-controls';

const category = (n: number, slug: string, name: string, tagNames: string[] = []): Category => ({
  id: fixtureId(700 + n),
  slug,
  name,
  kind: 'collection',
  description: name,
  emoji: '✨',
  color: '#fff',
  tagNames,
  characterCount: 3,
  coverUrl: null,
});

describe('home feed controls', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('offers each way of sorting once: collections that only re-sort are left to the sort tabs', async () => {
    mockApi({
      'GET /api/categories': () =>
        json({
          items: [
            category(1, 'trending', 'Trending'),
            category(2, 'new', 'New'),
            category(3, 'top-rated', 'Top rated'),
            category(4, 'fantasy-worlds', 'Fantasy worlds', ['fantasy']),
          ],
        }),
    });
    renderWithProviders(
      <>
        <SortTabs value="for-you" onChange={() => undefined} />
        <CategoryChips value={null} onChange={() => undefined} />
      </>,
    );
    const chips = screen.getByRole('group', { name: 'Categories' });
    await within(chips).findByRole('button', { name: 'Fantasy worlds' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Fantasy worlds']);
    const tabs = screen.getByRole('radiogroup', { name: 'Sort characters' });
    for (const name of ['Trending', 'New', 'Top rated']) {
      expect(within(tabs).getAllByRole('radio', { name })).toHaveLength(1);
      expect(screen.getAllByText(name)).toHaveLength(1);
    }
  });
});
