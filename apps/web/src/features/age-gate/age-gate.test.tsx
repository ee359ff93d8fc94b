import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_GATE, isAgeVerified, storeAgeVerification } from '@/lib/age-gate';
import { AgeGate, AGE_GATE_PREFETCH_HREF } from './age-gate';
import { redirectTo } from './redirect';

vi.mock('./redirect', () => ({ redirectTo: vi.fn() }));

const prefetchLink = () => document.head.querySelector(`link[rel="prefetch"][href="${AGE_GATE_PREFETCH_HREF}"]`);

function renderGate() {
  return render(
    <AgeGate>
      <p>App content</p>
    </AgeGate>,
  );
}

// The question loads on demand (React.lazy): async act lets its import settle and React render it.
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('AgeGate', () => {
  beforeAll(async () => {
    await import('./age-gate-dialog');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(redirectTo).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a loading screen, then the modal after 500 ms', async () => {
    renderGate();
    screen.getByTestId('age-gate-loading');
    expect(screen.queryByRole('dialog')).toBeNull();

    await advance(AGE_GATE.modalDelayMs - 1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await advance(1);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('data-testid')).toBe('age-gate-dialog');
    screen.getByRole('button', { name: 'Yes, I am 18 or older' });
    screen.getByRole('button', { name: 'No, I am under 18' });
    expect(screen.queryByText('App content')).toBeNull();
  });

  it('cannot be dismissed with Escape or an outside click', async () => {
    renderGate();
    await advance(AGE_GATE.modalDelayMs);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    await advance(1000);
    screen.getByRole('dialog');
    expect(screen.queryByText('App content')).toBeNull();
  });

  it('"Yes" stores the verification and shows the app after a 300 ms fade', async () => {
    renderGate();
    await advance(AGE_GATE.modalDelayMs);
    expect(prefetchLink()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Yes, I am 18 or older' }));
    expect(isAgeVerified()).toBe(true);
    await advance(AGE_GATE.fadeMs - 1);
    expect(screen.queryByText('App content')).toBeNull();

    await advance(1);
    screen.getByText('App content');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(prefetchLink()).toBeNull();
  });

  it('"No" redirects to the search engine after 300 ms without storing anything', async () => {
    renderGate();
    await advance(AGE_GATE.modalDelayMs);
    fireEvent.click(screen.getByRole('button', { name: 'No, I am under 18' }));
    await advance(AGE_GATE.fadeMs - 1);
    expect(redirectTo).not.toHaveBeenCalled();

    await advance(1);
    expect(redirectTo).toHaveBeenCalledWith(AGE_GATE.underageRedirectUrl);
    expect(isAgeVerified()).toBe(false);
    expect(screen.queryByText('App content')).toBeNull();
  });

  it('shows the app straight away when a valid verification is stored', async () => {
    storeAgeVerification();
    renderGate();
    screen.getByText('App content');
    await advance(AGE_GATE.modalDelayMs);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(prefetchLink()).toBeNull();
  });
});
