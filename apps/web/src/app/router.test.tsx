import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { AppProviders } from './providers';
import { PAGE_LOAD_ERROR } from './route-error-boundary';
import { routes } from './router';

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
    renderAt('/legal/privacy-policy');
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    screen.getByTestId('header');
    screen.getByTestId('bottom-nav');
  });

  it('shows a spinner while loading and resets the scroll position on navigation', async () => {
    const router = renderAt('/coins');
    screen.getByText('Loading page...');
    await screen.findByRole('heading', { name: 'Coins' });
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/search?q=luna'));
    await screen.findByRole('heading', { name: 'Search results for “luna”' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});

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
