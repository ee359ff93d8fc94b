import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CharacterPortrait } from './character-portrait';

describe('CharacterPortrait', () => {
  afterEach(() => vi.useRealTimers());

  it('shows initials while a failed portrait is retried after 2, 4 and 8 s, then keeps the initials', () => {
    vi.useFakeTimers();
    render(<CharacterPortrait name="Seraphina Vale" src="/media/p.webp" />);
    const img = () => screen.getByRole('img', { name: 'Portrait of Seraphina Vale' });
    expect(img().getAttribute('src')).toBe('/media/p.webp');
    for (const [i, delay] of [2000, 4000, 8000].entries()) {
      fireEvent.error(img());
      expect(img().tagName).toBe('DIV');
      expect(img().textContent).toBe('SV');
      act(() => vi.advanceTimersByTime(delay));
      expect(img().getAttribute('src')).toBe(`/media/p.webp?retry=${i + 1}`);
    }
    fireEvent.error(img());
    act(() => vi.advanceTimersByTime(60_000));
    expect(img().tagName).toBe('DIV');
  });

  it("offers the server's smaller copies where it is shown small, and only for media-folder pictures", () => {
    const { rerender } = render(<CharacterPortrait name="Ada" src="/media/characters/c/p.webp" sizes="50vw" small eager />);
    const img = screen.getByRole('img', { name: 'Portrait of Ada' });
    expect(img.getAttribute('srcset')).toBe(
      '/media/characters/c/p.webp?w=256 256w, /media/characters/c/p.webp?w=384 384w, /media/characters/c/p.webp 512w',
    );
    expect(img.getAttribute('fetchpriority')).toBe('high');
    rerender(<CharacterPortrait name="Ada" src="/api/characters/c/portraits/p.webp?exp=1&sig=x" sizes="50vw" small />);
    expect(screen.getByRole('img', { name: 'Portrait of Ada' }).getAttribute('srcset')).toBeNull();
    // Shown large (a character's page): the stored picture alone.
    rerender(<CharacterPortrait name="Ada" src="/media/characters/c/p.webp" sizes="(min-width: 1024px) 400px, 100vw" />);
    expect(screen.getByRole('img', { name: 'Portrait of Ada' }).getAttribute('srcset')).toBeNull();
  });
});
