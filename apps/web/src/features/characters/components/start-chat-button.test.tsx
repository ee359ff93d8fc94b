import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions, Plan } from '@reverie/shared';
import { MembershipModalProvider } from '@/features/billing';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeProfile, signIn } from '@/test/characters';
import { StartChatButton } from './start-chat-button';

const perms = (premiumCharacters: boolean): Permissions => ({
  premiumCharacters,
  maxReplyTokens: 400,
  memoryMessages: 20,
  imageQueue: 'standard',
  maxConversationsInFlight: 1,
  dailyFreeMessages: 50,
  monthlyFreeImages: 5,
  monthlyCoins: 0,
  firstMessagesPerDay: 1,
});
const price = (amountCents: number) => ({ amountCents, currency: 'usd', perMonthCents: amountCents, savingsPercent: 0 });
const plan = (id: Plan['id'], name: string, cents: number | null, premium: boolean): Plan => ({
  id,
  name,
  description: name,
  prices: cents === null ? null : { monthly: price(cents), yearly: price(cents * 10) },
  permissions: perms(premium),
  features: [],
  highlighted: false,
});
// The server's catalogue, deliberately not in price order.
const PLANS = [plan('ultimate', 'Ultimate', 2499, true), plan('free', 'Free', null, false), plan('premium', 'Premium', 1299, true)];

const render = (character: ReturnType<typeof makeProfile>) =>
  renderWithProviders(
    <MemoryRouter>
      <MembershipModalProvider>
        <StartChatButton character={character} />
      </MembershipModalProvider>
    </MemoryRouter>,
  );

describe('Start chat on a character profile', () => {
  beforeEach(() => {
    resetClientState();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a lock and the price of the cheapest plan with premium characters before the click', async () => {
    signIn({ tier: 'free' });
    mockApi({ 'GET /api/subscriptions/plans': () => json({ plans: PLANS, mode: 'sandbox', currency: 'usd' }) });
    render(makeProfile({ premium: true }));
    expect((await screen.findByTestId('premium-price')).textContent).toMatch(/checking|Premium/);
    await screen.findByText('Premium character: with Premium, from $12.99/month');
    const button = screen.getByRole('button', { name: 'Start chat' });
    expect(button.querySelector('svg.lucide-lock')).not.toBeNull();
    expect(button.getAttribute('aria-describedby')).toBe('premium-price');
    expect(screen.queryByRole('link', { name: 'Start chat' })).toBeNull();
    fireEvent.click(button);
    await screen.findByRole('dialog');
  });

  it('is a plain link for members whose plan opens premium characters, and for free characters', async () => {
    signIn({ tier: 'premium' });
    mockApi({ 'GET /api/subscriptions/plans': () => json({ plans: PLANS, mode: 'sandbox', currency: 'usd' }) });
    const premium = makeProfile({ premium: true });
    const { unmount } = render(premium);
    const link = await screen.findByRole('link', { name: 'Start chat' });
    expect(link.getAttribute('href')).toBe(`/chat/${premium.id}`);
    expect(screen.queryByTestId('premium-price')).toBeNull();
    unmount();

    render(makeProfile({ premium: false }));
    screen.getByRole('link', { name: 'Start chat' });
  });
});
