import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { setStoredUser } from '@/lib/auth-tokens';
import { loadHeaderParts } from '@/test/lazy-parts';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SidebarProvider } from './sidebar-state';

const originalMatchMedia = window.matchMedia;

beforeAll(loadHeaderParts);

function setDesktop(matches: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

function renderShell(path = '/') {
  // The header's NSFW switch asks whether age assurance closes it (a query).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TooltipProvider>
          <SidebarProvider>
            <Header />
            <Sidebar />
          </SidebarProvider>
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sidebar: screen.getByTestId('sidebar'), toggle: screen.getByRole('button', { name: 'Toggle sidebar' }) };
}

const linkRows = (sidebar: HTMLElement) =>
  within(sidebar)
    .getAllByRole('link', { hidden: true })
    .map((a) => [a.getAttribute('aria-label') ?? a.textContent, a.getAttribute('href')]);

const EXPECTED = [
  ['For You', '/'],
  ['Profile', '/user-profile'],
  ['Chat', '/chat'],
  ['Characters', '/user-characters'],
  ['Gallery', '/showcase'],
  ['User Gallery', '/user-gallery'],
  ['Favorites', '/favorites'],
  ['Guides', '/guides'],
  ['Coins', '/coins'],
  ['Membership', '/subscribe'],
  ['Create a Model', '/create-character'],
  ['Generate images', '/generate-images'],
];

describe('Sidebar', () => {
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('lists the items in order, with a divider before the creation items, and a guest footer', () => {
    setDesktop(true);
    const { sidebar } = renderShell();
    expect(linkRows(sidebar)).toEqual(EXPECTED);
    const rows = sidebar.querySelectorAll('nav li');
    expect(rows).toHaveLength(13);
    expect(rows[10]?.getAttribute('aria-hidden')).toBe('true');
    within(sidebar).getByText('Guest User');
    within(sidebar).getByText('Not signed in');
  });

  it('points Profile at the signed-in user and shows their name and e-mail', () => {
    setDesktop(true);
    setStoredUser({ id: 'u-42', username: 'luna', email: 'luna@example.com', coins: 12 });
    const { sidebar } = renderShell();
    expect(within(sidebar).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user-profile/u-42');
    within(sidebar).getByText('luna');
    within(sidebar).getByText('luna@example.com');
  });

  it.each([
    ['/ForYouPage', 'For You'],
    ['/recent-chats', 'Chat'],
    ['/chat/aria', 'Chat'],
    ['/', 'For You'],
  ])('on %s highlights %s', (path, label) => {
    setDesktop(true);
    const { sidebar } = renderShell(path);
    const current = within(sidebar)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page')
      .map((a) => a.textContent);
    expect(current).toEqual([label]);
  });

  it('on desktop is docked at 256 px and collapses to a 64 px icon rail', () => {
    setDesktop(true);
    const { sidebar, toggle } = renderShell();
    expect(sidebar.hidden).toBe(false);
    expect(sidebar.style.width).toBe('256px');
    within(sidebar).getByText('Favorites');

    fireEvent.click(toggle);
    expect(sidebar.style.width).toBe('64px');
    expect(within(sidebar).queryByText('Favorites')).toBeNull();
    // Icon-only items keep their names for assistive technology.
    expect(linkRows(sidebar)).toEqual(EXPECTED);
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();

    fireEvent.click(toggle);
    expect(sidebar.style.width).toBe('256px');
  });

  it('on small screens is a hidden drawer that blurs the page and closes on an outside click', () => {
    setDesktop(false);
    const { sidebar, toggle } = renderShell();
    expect(sidebar.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(sidebar.hidden).toBe(false);
    expect(sidebar.style.width).toBe('256px');
    expect(screen.getByTestId('sidebar-backdrop').className).toContain('backdrop-blur');

    fireEvent.pointerDown(within(sidebar).getByText('Guides'));
    expect(sidebar.hidden).toBe(false);

    fireEvent.pointerDown(document.body);
    expect(sidebar.hidden).toBe(true);
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();
  });
});
