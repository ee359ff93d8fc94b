import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import TagPage from './tag';

const render = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tags/:tagName" element={<TagPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/tags/:tagName', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('shows not-found when the server answers 404 for an unknown tag', async () => {
    mockApi({
      // The tag list has not answered yet (or failed): the feed's 404 alone decides.
      'GET /api/tags': () => apiError(500, 'down'),
      'GET /api/characters': () => apiError(404, 'Tag "unheard-of" not found'),
    });
    render('/tags/unheard-of');
    expect(await screen.findByRole('heading', { name: "This tag doesn't exist" })).toBeTruthy();
  });

  it('shows the tag when it exists', async () => {
    mockApi({
      'GET /api/tags': () =>
        json({ items: [{ name: 'vampire', displayName: 'Vampire', category: 'Character', color: null, count: 0 }], total: 1 }),
      'GET /api/characters': () => json({ items: [], total: 0, page: 1, limit: 20, hasMore: false }),
    });
    render('/tags/vampire');
    expect(await screen.findByText('No Vampire characters yet')).toBeTruthy();
    expect(screen.queryByText("This tag doesn't exist")).toBeNull();
  });
});
