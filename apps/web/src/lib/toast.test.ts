import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { dismissToast, getToasts, resetToasts, toast, useToast } from './toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it('keeps at most one toast, newest first, with defaults', () => {
    toast({ title: 'One' });
    const second = toast({ title: 'Two', description: 'desc', variant: 'destructive' });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Two', description: 'desc', variant: 'destructive', open: true });
    expect(toasts[0]?.duration).toBe(5000);
  });

  it('removes a dismissed toast 7 s after dismissal', () => {
    const t = toast({ title: 'Bye', duration: 1000 });
    expect(getToasts()[0]?.duration).toBe(1000);
    t.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(6999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('onOpenChange(false) dismisses; update changes fields; dismissToast() closes all', () => {
    const t = toast({ title: 'A' });
    t.update({ title: 'B', variant: 'success' });
    expect(getToasts()[0]).toMatchObject({ title: 'B', variant: 'success' });
    getToasts()[0]?.onOpenChange(false);
    expect(getToasts()[0]?.open).toBe(false);
    toast({ title: 'C' });
    dismissToast();
    expect(getToasts().every((x) => !x.open)).toBe(true);
  });

  it('useToast re-renders on changes', () => {
    const { result } = renderHook(() => useToast());
    expect(result.current.toasts).toHaveLength(0);
    act(() => {
      result.current.toast({ title: 'Hello' });
    });
    expect(result.current.toasts[0]?.title).toBe('Hello');
  });
});
