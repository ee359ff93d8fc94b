import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '@reverie/shared';
import { getSessionUser } from '@/features/auth';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import SubscribePage from '@/pages/subscribe';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { CardForm } from './card-form';
import { MembershipModalProvider, useMembershipModal } from './membership-modal-context';
import { MonthlyClaimCard } from './monthly-claim-card';

const perms = (coins: number) => ({
  premiumCharacters: coins > 0,
  maxReplyTokens: 400,
  memoryMessages: 20,
  imageQueue: 'standard' as const,
  maxConversationsInFlight: 1,
  dailyFreeMessages: 50,
  monthlyFreeImages: 5,
  monthlyCoins: coins,
  firstMessagesPerDay: 1,
});
const price = (amountCents: number, perMonthCents: number, savingsPercent: number) => ({
  amountCents,
  currency: 'usd',
  perMonthCents,
  savingsPercent,
});
const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Basics',
    prices: null,
    permissions: perms(0),
    features: ['50 free messages a day'],
    highlighted: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'More',
    prices: { monthly: price(999, 999, 0), yearly: price(9590, 799, 20) },
    permissions: perms(300),
    features: ['300 coins every month'],
    highlighted: true,
  },
  {
    id: 'ultimate',
    name: 'Ultimate',
    description: 'Most',
    prices: { monthly: price(2499, 2499, 0), yearly: price(23990, 1999, 20) },
    permissions: perms(1000),
    features: ['1,000 coins every month'],
    highlighted: false,
  },
];
const allowance = { limit: 50, used: 0, remaining: 50, resetsAt: '2030-01-02T00:00:00.000Z' };
const subscription = {
  id: 'sub_1',
  plan: 'premium',
  billingPeriod: 'monthly',
  status: 'active',
  provider: 'sandbox',
  currentPeriodStart: '2030-01-01T00:00:00.000Z',
  currentPeriodEnd: '2030-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  endedAt: null,
  scheduledChange: null,
  paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 },
  createdAt: '2030-01-01T00:00:00.000Z',
};

function signedIn(coins = 40) {
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser({ coins }));
}

function price$(card: HTMLElement) {
  return within(card).getByTestId('plan-price').textContent;
}

describe('billing components', () => {
  beforeEach(() => {
    resetClientState();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('/subscribe switches every price between monthly and yearly and marks the current plan', async () => {
    signedIn();
    mockApi({
      'GET /api/subscriptions/plans': () => json({ plans: PLANS, mode: 'sandbox', currency: 'usd' }),
      'GET /api/subscriptions/status': () =>
        json({
          success: true,
          tier: 'premium',
          subscription,
          permissions: perms(300),
          allowances: { chatMessages: allowance, images: allowance },
        }),
    });
    renderWithProviders(
      <MemoryRouter>
        <SubscribePage />
      </MemoryRouter>,
    );
    const premium = await screen.findByTestId('plan-premium', undefined, { timeout: 5000 });
    const ultimate = screen.getByTestId('plan-ultimate');
    expect(price$(premium)).toBe('$9.99/monthBilled monthly');
    expect(price$(ultimate)).toBe('$24.99/monthBilled monthly');
    await waitFor(() => within(premium).getByText('Current plan'));
    expect(within(ultimate).queryByText('Current plan')).toBeNull();
    within(premium).getByRole('link', { name: 'Manage membership' });
    within(ultimate).getByRole('button', { name: 'Switch to Ultimate' });

    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('radio', { name: /Yearly/ }).getAttribute('aria-checked')).toBe('true');
    expect(price$(premium)).toBe('$7.99/monthBilled $95.90 yearlySave 20%');
    expect(price$(ultimate)).toBe('$19.99/monthBilled $239.90 yearlySave 20%');
    // Same plan, other period: offered as a switch of billing period.
    within(premium).getByRole('button', { name: 'Switch to yearly billing' });
    expect(price$(screen.getByTestId('plan-free'))).toBe('$0foreverNo card needed');
  });

  it('/subscribe shows an error with a retry when the plans cannot be loaded', async () => {
    mockApi({ 'GET /api/subscriptions/plans': () => new Response('down', { status: 503 }) });
    renderWithProviders(
      <MemoryRouter>
        <SubscribePage />
      </MemoryRouter>,
    );
    await screen.findByText('Plans could not be loaded', undefined, { timeout: 10_000 });
    screen.getByRole('button', { name: 'Try again' });
  });

  it('the card form shows what is wrong next to each field and sends nothing', () => {
    const onPay = vi.fn();
    renderWithProviders(<CardForm submitLabel="Pay $8.99" busyLabel="Processing..." busy={false} onPay={onPay} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $8.99' }));
    screen.getByText('Your card number is incorrect.');
    screen.getByText("Enter your card's expiry date.");
    screen.getByText("Enter your card's security code.");
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(onPay).not.toHaveBeenCalled();
  });

  it('a test card fills the form and pays with it; a test method pays in one click', () => {
    const onPay = vi.fn();
    renderWithProviders(<CardForm submitLabel="Pay" busyLabel="Processing..." busy={false} onPay={onPay} />);
    fireEvent.click(screen.getByRole('button', { name: /4000 0000 0000 0002/ }));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onPay).toHaveBeenLastCalledWith({ card: expect.objectContaining({ cardNumber: '4000000000000002', cvc: '123' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Visa (succeeds)' }));
    expect(onPay).toHaveBeenLastCalledWith({ paymentMethodId: 'pm_card_visa' });
  });

  it('the membership modal opens with "access this feature" by default and leads to /subscribe', async () => {
    mockApi({ 'GET /api/subscriptions/plans': () => json({ plans: PLANS, mode: 'sandbox', currency: 'usd' }) });
    function Opener() {
      const modal = useMembershipModal();
      return (
        <>
          <button onClick={() => modal.open()}>default</button>
          <button onClick={() => modal.open('chat with Aria')}>custom</button>
        </>
      );
    }
    renderWithProviders(
      <MemoryRouter>
        <MembershipModalProvider>
          <Opener />
        </MembershipModalProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a member to access this feature' });
    expect(within(dialog).getByRole('link', { name: 'See membership plans' }).getAttribute('href')).toBe('/subscribe');
    await within(dialog).findByText('Memberships start at $7.99 a month, billed yearly.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'custom' }));
    await screen.findByRole('dialog', { name: 'Become a member to chat with Aria' });
  });

  it('claiming monthly coins updates the header balance from the server answer', async () => {
    signedIn(40);
    mockApi({
      'POST /api/coins/claim-monthly': () =>
        json({
          success: true,
          claimed: true,
          coins: 300,
          balance: 340,
          message: '300 coins added to your balance.',
          monthly: {
            amount: 300,
            canClaim: false,
            claimedAt: '2030-01-01T00:00:00.000Z',
            nextClaimAt: '2030-02-01T00:00:00.000Z',
            reason: null,
          },
        }),
    });
    renderWithProviders(
      <MemoryRouter>
        <MonthlyClaimCard monthly={{ amount: 300, canClaim: true, claimedAt: null, nextClaimAt: null, reason: null }} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Claim 300 coins' }));
    await screen.findByText('300 coins claimed');
    expect(getSessionUser()?.coins).toBe(340);
  });

  it('a claimed month shows a countdown to the next claim; a free account is offered membership', () => {
    const next = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 120) * 1000).toISOString();
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <MonthlyClaimCard
          monthly={{ amount: 300, canClaim: false, claimedAt: new Date().toISOString(), nextClaimAt: next, reason: 'Already claimed' }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Claimed this month' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('claim-countdown').textContent).toMatch(/^Next claim in 2d 3h/);
    unmount();
    renderWithProviders(
      <MemoryRouter>
        <MembershipModalProvider>
          <MonthlyClaimCard
            monthly={{ amount: 0, canClaim: false, claimedAt: null, nextClaimAt: null, reason: 'Monthly coins come with a membership.' }}
          />
        </MembershipModalProvider>
      </MemoryRouter>,
    );
    screen.getByText('Monthly coins come with a membership.');
    screen.getByRole('button', { name: 'Become a member' });
  });
});
