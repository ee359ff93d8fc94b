import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
  ])('on %s highlights only %s', (path, label) => {
    expect(activeItems(path).active).toEqual([label]);
  });

  it('highlights nothing on an unrelated page', () => {
    expect(activeItems('/coins').active).toEqual([]);
    expect(activeItems('/create-character-old').active).toEqual([]);
  });
});
