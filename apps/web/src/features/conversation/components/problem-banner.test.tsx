import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { StreamError } from '../api/stream-reply';
import { renderWithProviders, resetClientState } from '@/test/helpers';
import { useChatProblem } from '../hooks/use-chat-problem';
import { ProblemBanner } from './problem-banner';

const SENTENCE = 'Where you are, the law asks us to check your age before showing adult content: verify your age to open it.';

/** The chat page's wiring in small: `explain` an error, then show the banner it leads to. */
function Harness({ error }: { error: unknown }) {
  const { problem, explain } = useChatProblem('Mira');
  return (
    <>
      <button type="button" onClick={() => explain(error)}>
        fail
      </button>
      {problem ? <ProblemBanner problem={problem} characterId="c1" onRetry={vi.fn()} onDismiss={vi.fn()} /> : null}
    </>
  );
}

describe('the problem banner', () => {
  beforeEach(() => resetClientState());

  it('answers an age-assurance refusal (a group member that is NSFW) with its sentence and the age check, not a retry', async () => {
    const error = new ApiError(403, 'Forbidden', JSON.stringify({ error: { code: 'AGE_ASSURANCE_REQUIRED', message: SENTENCE } }));
    renderWithProviders(
      <MemoryRouter>
        <Harness error={error} />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SENTENCE);
    // A guest signs in first: the check's result is kept on the account.
    expect(screen.getByRole('button', { name: /Sign in to verify my age/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("does the same when the refusal comes as the stream's error event (a group picks its speaker after the stream opens)", async () => {
    renderWithProviders(
      <MemoryRouter>
        <Harness error={new StreamError('AGE_ASSURANCE_REQUIRED', SENTENCE)} />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect((await screen.findByRole('alert')).textContent).toContain(SENTENCE);
    expect(screen.getByRole('button', { name: /verify my age/i })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps Retry for other refusals', () => {
    render(
      <MemoryRouter>
        <ProblemBanner
          problem={{ kind: 'other', message: 'Something went wrong.' }}
          characterId="c1"
          onRetry={vi.fn()}
          onDismiss={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /verify my age/i })).toBeNull();
  });
});
