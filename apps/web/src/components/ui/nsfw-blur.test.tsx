import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setShowNsfw } from '@/lib/nsfw';
import { NsfwBlur } from './nsfw-blur';

const content = () => screen.getByText('Portrait').parentElement as HTMLElement;

describe('NsfwBlur', () => {
  it('blurs NSFW items (20 px, opacity 0.6) with an accessible label while the filter is off', () => {
    render(
      <NsfwBlur nsfw>
        <span>Portrait</span>
      </NsfwBlur>,
    );
    expect(content().style.filter).toBe('blur(20px)');
    expect(content().style.opacity).toBe('0.6');
    screen.getByRole('img', { name: /NSFW content hidden/ });

    act(() => setShowNsfw(true));
    expect(content().style.filter).toBe('');
    expect(screen.queryByRole('img', { name: /NSFW content hidden/ })).toBeNull();
    act(() => setShowNsfw(false));
  });

  it('never blurs safe items', () => {
    render(
      <NsfwBlur nsfw={false}>
        <span>Portrait</span>
      </NsfwBlur>,
    );
    expect(content().style.filter).toBe('');
  });
});
