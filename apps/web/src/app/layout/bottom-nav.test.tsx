import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BottomNav } from './bottom-nav';

function activeItems(path: string) {
  const { unmount } = render(
    <MemoryRouter initialEntries={[path]}>
      <BottomNav />
    </MemoryRouter>,
  );
  const links = within(screen.getByTestId('bottom-nav')).getAllByRole('link');
  const result = {
    links: links.map((l) => [l.textContent, l.getAttribute('href')]),
    active: links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent),
  };
  unmount();
  return result;
}

describe('BottomNav', () => {
  it('has the four items in order', () => {
    expect(activeItems('/').links).toEqual([
      ['Home', '/'],
      ['Create Character', '/create-character'],
      ['Create Image', '/generate-images'],
      ['Chats', '/chat'],
    ]);
  });

  it.each([
    ['/', 'Home'],
    ['/create-character', 'Create Character'],
    ['/generate-images', 'Create Image'],
    ['/chat', 'Chats'],
    ['/chat/some-character', 'Chats'],
    ['/ForYouPage', 'Home'],
    ['/recent-chats', 'Chats'],
  ])('on %s highlights only %s', (path, label) => {
    expect(activeItems(path).active).toEqual([label]);
  });

  it('is not rendered where the sidebar is docked (1024 px and wider)', () => {
    const original = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(min-width: 1024px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      render(
        <MemoryRouter initialEntries={['/']}>
          <BottomNav />
        </MemoryRouter>,
      );
      expect(screen.queryByTestId('bottom-nav')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('highlights nothing on an unrelated page', () => {
    expect(activeItems('/coins').active).toEqual([]);
    expect(activeItems('/create-character-old').active).toEqual([]);
  });
});
