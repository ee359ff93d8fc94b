import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@/test/helpers';
import { loadShellParts } from '@/test/lazy-parts';
import { lazyPage } from './lazy-page';
import { AppProviders } from './providers';
import { PAGE_LOAD_ERROR } from './route-error-boundary';
import { appRoutes, routes } from './router';

// The pages themselves are awaited by the tests.
beforeAll(loadShellParts);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('router', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders the not-found page for an unknown path', async () => {
    renderAt('/definitely/not/a/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    screen.getByText('404');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it.each(['/not-found', '/legal/not-a-policy', '/chat/a/b'])('renders %s as not found', async (path) => {
    renderAt(path);
    await screen.findByRole('heading', { name: 'Page not found' });
  });

  it('renders the shell around a listed page', async () => {
    mockApi({
      'GET /api/legal/privacy-policy': () =>
        json({
          slug: 'privacy-policy',
          title: 'Privacy Policy',
          summary: 'What we keep and why.',
          updatedAt: '2026-11-22',
          wordCount: 3,
          readingMinutes: 1,
          markdown: '## Data\n\nWhat we keep.',
          toc: [{ depth: 2, text: 'Data', id: 'data' }],
          unsetFacts: [],
        }),
    });
    renderAt('/legal/privacy-policy');
    // A lazy route, then its document: seconds on a busy machine.
    await screen.findByRole('heading', { name: 'Privacy Policy' }, { timeout: 10_000 });
    screen.getByTestId('header');
    screen.getByTestId('bottom-nav');
  });

  it('shows a spinner while loading and resets the scroll position on navigation', async () => {
    const router = renderAt('/coins');
    screen.getByText('Loading page...');
    await screen.findByRole('heading', { name: 'Coins' }, { timeout: 5000 });
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/search'));
    await screen.findByRole('heading', { name: 'Search' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});

const UNKNOWN_USER = '99999999-9999-4999-8999-999999999999';
const PARAMS: Record<string, string> = {
  id: UNKNOWN_USER,
  characterId: 'aria',
  tagName: 'elf',
  slug: 'getting-started',
};

describe('pages that state what did not happen', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [`GET /api/users/${UNKNOWN_USER}`]: () => apiError(404, 'User not found') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('search says "No results" only after the server answered an empty search', async () => {
    let asked = 0;
    mockApi({
      'GET /api/search': () => {
        asked += 1;
        return json({ characters: { items: [], total: 0 }, creators: { items: [], total: 0 }, tags: { items: [], total: 0 } });
      },
    });
    renderAt('/search?q=elf');
    await screen.findByRole('region', { name: 'No results for “elf”' });
    expect(asked).toBeGreaterThan(0);
  });

  it.each([
    ['/payment/success?session_id=cs_sbx_1', /coins added/i],
    ['/subscription/success?session_id=cs_sbx_1', /membership is active|welcome to/i],
  ])('%s asks a guest to sign in and claims nothing', async (path, claim) => {
    renderAt(path);
    await screen.findByText('Sign in to see this payment', undefined, { timeout: 5000 });
    expect(screen.queryByText(claim)).toBeNull();
  });

  it.each([
    ['/characters/not-a-character', "This character doesn't exist"],
    [`/creators/${UNKNOWN_USER}`, "This creator doesn't exist"],
    ['/guides/not-a-guide', "This guide doesn't exist"],
    ['/chat/not-a-character', 'Character not found'],
  ])('%s is not found', async (path, heading) => {
    renderAt(path);
    await screen.findByRole('heading', { name: heading });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([heading]);
  });

  it('an empty feed shows its empty state and no skeleton cards', async () => {
    mockApi({
      'GET /api/characters': () => json({ items: [], page: 1, limit: 24, total: 0, hasMore: false }),
    });
    renderAt('/');
    const empty = await screen.findByRole('region', { name: 'Nothing here yet' });
    expect(empty.closest('main')?.querySelectorAll('[data-skeleton], .animate-pulse').length ?? 0).toBe(0);
  });
});

/** Every route of the table with its parameters filled in. */
function routePaths(): string[] {
  return appRoutes
    .map((route) => (route.index ? '/' : `/${route.path ?? ''}`))
    .filter((path) => path !== '/*')
    .map((path) => path.replace(/:([A-Za-z]+)/g, (_m, name: string) => PARAMS[name] ?? name));
}

describe('document titles', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [`GET /api/users/${UNKNOWN_USER}`]: () => apiError(404, 'User not found') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['/settings', 'Settings · Reverie'],
    ['/', 'For You · Reverie'],
    ['/ForYouPage', 'For You · Reverie'],
    ['/coins', 'Coins · Reverie'],
    ['/characters/nobody', 'Character not found · Reverie'],
    ['/definitely/not/a/page', 'Page not found · Reverie'],
  ])('%s is titled "%s"', async (path, title) => {
    document.title = 'Reverie — AI character chat';
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('every route sets a "<page> · Reverie" title', { timeout: 180_000 }, async () => {
    const untitled: string[] = [];
    for (const path of routePaths()) {
      document.title = 'untitled';
      const { unmount } = renderRoute(path);
      try {
        // Pages that load their document first title it when it arrives: seconds on a busy machine.
        await waitFor(() => expect(document.title).toMatch(/^\S.* · Reverie$/), { timeout: 5000 });
      } catch {
        untitled.push(`${path}: ${document.title}`);
      }
      unmount();
    }
    expect(untitled).toEqual([]);
  });
});

function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('lazyPage', () => {
  it('shows the load error when the import rejects, and retries on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <h1>Loaded page</h1> });
    const Page = lazyPage(load);
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    await screen.findByText(PAGE_LOAD_ERROR);
    screen.getByRole('alert');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Loaded page' });
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
