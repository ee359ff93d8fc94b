import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { getImageBlur, getShowNsfw, setImageBlur, setShowNsfw, shouldBlurNsfw, useImageBlur, useShowNsfw } from './nsfw';

describe('NSFW preferences', () => {
  it('defaults: NSFW hidden, image blur on', () => {
    expect(getShowNsfw()).toBe(false);
    expect(getImageBlur()).toBe(true);
  });

  it('persists under reverie_show_nsfw / reverie_image_blur', () => {
    setShowNsfw(true);
    setImageBlur(false);
    expect(localStorage.getItem('reverie_show_nsfw')).toBe('true');
    expect(localStorage.getItem('reverie_image_blur')).toBe('false');
    expect(getShowNsfw()).toBe(true);
    expect(getImageBlur()).toBe(false);
  });

  it('hooks re-render on toggle and on other tabs', () => {
    const nsfw = renderHook(() => useShowNsfw());
    const blur = renderHook(() => useImageBlur());
    expect(nsfw.result.current[0]).toBe(false);
    act(() => nsfw.result.current[1](true));
    expect(nsfw.result.current[0]).toBe(true);
    act(() => {
      localStorage.setItem('reverie_image_blur', 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: 'reverie_image_blur' }));
    });
    expect(blur.result.current[0]).toBe(false);
  });

  it('shouldBlurNsfw', () => {
    expect(shouldBlurNsfw(true, false)).toBe(true);
    expect(shouldBlurNsfw(true, true)).toBe(false);
    expect(shouldBlurNsfw(false, false)).toBe(false);
  });
});
