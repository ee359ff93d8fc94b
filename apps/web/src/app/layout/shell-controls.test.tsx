import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShowNsfw, setShowNsfw } from '@/lib/nsfw';
import { makeUser, renderWithProviders, resetClientState } from '@/test/helpers';
import { isConversationPath } from './app-layout';
import { AccountActions } from './account-actions';
import { NsfwToggle } from './nsfw-toggle';
import { FOOTER_LINKS, SiteFooter } from './site-footer';

describe('shell controls', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
    setShowNsfw(false);
  });
  afterEach(() => vi.restoreAllMocks());

  it("the NSFW toggle's name says its state, and changes with it", () => {
    renderWithProviders(<NsfwToggle />);
    fireEvent.click(screen.getByRole('button', { name: '18+ NSFW content blurred: show it' }));
    expect(getShowNsfw()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '18+ NSFW content visible: blur it' }));
    expect(getShowNsfw()).toBe(false);
    screen.getByRole('button', { name: '18+ NSFW content blurred: show it' });
  });

  it.each([
    ['admin', true],
    ['moderator', true],
    ['user', false],
  ] as const)('the user menu of a %s offers the admin console: %s', async (role, offered) => {
    const user = makeUser({ role });
    renderWithProviders(
      <MemoryRouter>
        <AccountActions user={user} />
      </MemoryRouter>,
    );
    const trigger = screen.getByRole('button', { name: `Account menu for ${user.username}` });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    await screen.findByRole('menuitem', { name: 'Sign out' });
    const console = screen.queryByRole('menuitem', { name: 'Admin console' });
    if (offered) expect(console?.getAttribute('href')).toBe('/admin');
    else expect(console).toBeNull();
  });

  it('the footer links the legal pages, support, content removal and guides by their product.md routes', () => {
    renderWithProviders(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(FOOTER_LINKS.map((l) => [l.label, l.to]));
    expect(links.map(([, href]) => href)).toEqual([
      '/legal/terms-of-service',
      '/legal/privacy-policy',
      '/legal/2257-exemption-statement',
      '/legal/content-policy',
      '/legal/crisis-protocol',
      '/support',
      '/content-removal',
      '/guides',
    ]);
  });

  it('knows which paths are a conversation (full screen on phones)', () => {
    expect(['/chat/abc', '/chat/abc/', '/test-chat'].every(isConversationPath)).toBe(true);
    expect(['/chat', '/recent-chats', '/chat/a/b', '/characters/abc'].some(isConversationPath)).toBe(false);
  });
});
