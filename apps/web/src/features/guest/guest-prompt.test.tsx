import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, resetClientState } from '@/test/helpers';
import { addToFavoritesAction, MANAGE_FAVORITES_ACTION } from './guest-actions';
import { GuestPromptProvider, useGuestPrompt } from './guest-prompt-context';

function Trigger({ action }: { action: string }) {
  const prompt = useGuestPrompt();
  return <button onClick={() => prompt.open(action)}>restricted</button>;
}

/** The dialog loads on first use (outside the first load), so it is awaited. */
async function open(action: string) {
  renderWithProviders(
    <GuestPromptProvider>
      <Trigger action={action} />
    </GuestPromptProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'restricted' }));
  return screen.findByRole('dialog');
}

describe('guest sign-up prompt', () => {
  beforeEach(resetClientState);

  it('shows the action, the three benefits, both buttons and the social-proof line', async () => {
    const dialog = await open(MANAGE_FAVORITES_ACTION);
    within(dialog).getByRole('heading', { name: 'Sign up to manage your favorites and unlock exclusive features' });
    within(dialog).getByText(/save favorite characters/i);
    within(dialog).getByText(/unlimited conversations/i);
    within(dialog).getByText(/premium character access/i);
    within(dialog).getByRole('button', { name: 'Get Started Free' });
    within(dialog).getByRole('button', { name: 'Already have an account? Sign In' });
    within(dialog).getByText('Join thousands of users enjoying premium AI conversations');
  });

  it('builds the favourite action for a character', async () => {
    expect(addToFavoritesAction('Aria')).toBe('add Aria to your favorites');
    const dialog = await open(addToFavoritesAction('Aria'));
    within(dialog).getByText('Sign up to add Aria to your favorites and unlock exclusive features');
  });

  it('"Get Started Free" opens sign-up, whose link switches to sign-in', async () => {
    fireEvent.click(within(await open(MANAGE_FAVORITES_ACTION)).getByRole('button', { name: 'Get Started Free' }));
    await screen.findByRole('dialog', { name: 'Create Your Account' });
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    await screen.findByRole('dialog', { name: 'Sign in to Reverie' });
  });

  it('"Already have an account? Sign In" opens the sign-in dialog', async () => {
    fireEvent.click(within(await open(MANAGE_FAVORITES_ACTION)).getByRole('button', { name: 'Already have an account? Sign In' }));
    await screen.findByRole('dialog', { name: 'Sign in to Reverie' });
  });
});
