// Prices before action (issue #32): the reusable PriceTag, the confirmation above the user's threshold, the coins
// page's refunds beside their charges, and the chat's cap link chosen by the error code.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoinMovement, ImageGenerationStatus, SpendingLimitsResponse } from '@reverie/shared';
import { ProblemBanner } from '@/features/chat/components/problem-banner';
import { useChatPrices } from '@/features/chat/hooks/use-chat-prices';
import { useGenerationStatus } from '@/features/images/api/get-generation-status';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { useConfirmSpend } from '../hooks/use-confirm-spend';
import { messagePrice, picturePrice, priceShort } from '../lib/price';
import { CoinHistory } from './coin-history';
import { PriceTag } from './price-tag';

beforeEach(() => {
  resetClientState();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('PriceTag', () => {
  it('says Free while the allowance lasts, then the coins, from what the server sent', () => {
    const { rerender } = render(<PriceTag price={messagePrice({ freeLeft: 3, costPerMessage: 2, balance: 9 })} action="Regenerate" />);
    expect(screen.getByTestId('price-tag').textContent).toBe('FreeRegenerate: free (3 messages left today)');
    rerender(<PriceTag price={messagePrice({ freeLeft: 0, costPerMessage: 2, balance: 9 })} action="Regenerate" />);
    expect(screen.getByTestId('price-tag').textContent).toBe('2 coinsRegenerate: 2 coins (balance 9)');
    rerender(<PriceTag price={picturePrice({ freeLeft: 0, costPerImage: 1, balance: 4 })} action="A picture" />);
    expect(screen.getByTestId('price-tag').textContent).toContain('1 coin');
    rerender(<PriceTag price={null} action="A picture" />);
    expect(screen.queryByTestId('price-tag')).toBeNull();
  });
});

const limits = (confirmAbove: number | null): SpendingLimitsResponse => ({
  daily: { cap: null, spent: 0, resetsAt: '2026-03-05T00:00:00.000Z', pending: null },
  monthly: { cap: null, spent: 0, resetsAt: '2026-04-01T00:00:00.000Z', pending: null },
  confirmAbove,
  raiseDelayMinutes: 60,
});

function Spender({ onDone }: { onDone: (ok: boolean) => void }) {
  const [coins, setCoins] = useState(3);
  const spend = useConfirmSpend();
  const price = messagePrice({ freeLeft: 0, costPerMessage: coins, balance: 50 });
  return (
    <>
      <span>{spend.threshold === null ? 'no threshold' : `threshold ${spend.threshold}`}</span>
      <button onClick={() => void spend.confirm(price, 'Regenerating this reply').then(onDone)}>Regenerate</button>
      <button onClick={() => setCoins(2)}>Cheaper</button>
      {spend.dialog}
    </>
  );
}

describe('useConfirmSpend', () => {
  it('asks above the threshold set in Settings, and goes ahead at once at or below it', async () => {
    mockApi({ 'GET /api/coins/limits': () => json(limits(2)) });
    const done = vi.fn();
    renderWithProviders(<Spender onDone={done} />);
    await screen.findByText('threshold 2');
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Regenerating this reply costs 3 coins')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(false));

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Spend 3 coins' }));
    await waitFor(() => expect(done).toHaveBeenLastCalledWith(true));

    fireEvent.click(screen.getByRole('button', { name: 'Cheaper' }));
    done.mockClear();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Regenerate' })));
    await waitFor(() => expect(done).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('CoinHistory', () => {
  it('shows a refund under the charge it gives back', () => {
    const m = (over: Partial<CoinMovement>): CoinMovement => ({
      id: 'x',
      delta: -2,
      reason: 'chat_message',
      label: 'Regenerated reply',
      refundOf: null,
      balanceAfter: 8,
      createdAt: '2026-03-04T15:07:00.000Z',
      ...over,
    });
    render(
      <CoinHistory
        movements={[
          m({
            id: 'r1',
            delta: 2,
            reason: 'allowance_refund',
            label: 'Refund: the regenerated reply failed or was withheld',
            refundOf: 'c1',
          }),
          m({ id: 'c2', label: 'Chat message beyond the free allowance' }),
          m({ id: 'c1' }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Coin history' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Chat message beyond the free allowance');
    expect(items[1]!.textContent).toContain('Regenerated replyrefunded');
    expect(within(items[1]!).getByTestId('refund-row').textContent).toContain('Refund: the regenerated reply failed or was withheld');
  });
});

describe('ProblemBanner', () => {
  const banner = (problem: Parameters<typeof ProblemBanner>[0]['problem']) =>
    render(
      <MemoryRouter>
        <ProblemBanner problem={problem} characterId="c" onRetry={() => undefined} onDismiss={() => undefined} />
      </MemoryRouter>,
    );

  it('links a refusal at the cap to the spending limits by its code, whatever the wording', () => {
    banner({ kind: 'coins', message: 'Any words at all.', atCap: true, cap: { cap: 5, spent: 5, period: 'month' } });
    expect(screen.getByRole('link', { name: 'Raise my monthly limit' }).getAttribute('href')).toBe('/settings#spending-limits');
  });

  it('sends a short balance to the coins page, even when its wording mentions the limits', () => {
    banner({ kind: 'coins', message: 'You can raise it in Settings → Spending limits.' });
    expect(screen.getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe('/coins');
  });
});

function PicturePrice() {
  const prices = useChatPrices('c1', { cost: { freeLeft: 3, costPerMessage: 2, balance: 9 }, freeReply: false, messages: [] });
  const images = useGenerationStatus('c1');
  return <span>{images.isSuccess ? (prices.picture ? `picture ${priceShort(prices.picture)}` : 'no picture price') : 'loading'}</span>;
}

describe('the chat picture price (#46.5)', () => {
  const status = (ready: boolean): ImageGenerationStatus => ({
    provider: {
      kind: 'horde',
      configured: true,
      ready,
      message: ready ? null : 'The image service does not answer.',
      supportsNegativePrompt: true,
      supportsSeed: true,
      supportsProgress: true,
    },
    cost: { freeLeft: 5, costPerImage: 1, balance: 4 },
    imageQueue: 'standard',
    suggestions: [],
  });

  it('has no price (no Free tag) while the image service is down', async () => {
    mockApi({ 'GET /api/image-generation/status': () => json(status(false)) });
    renderWithProviders(<PicturePrice />);
    expect(await screen.findByText('no picture price')).toBeTruthy();
  });

  it('says Free when the image service answers and the month still has free pictures', async () => {
    mockApi({ 'GET /api/image-generation/status': () => json(status(true)) });
    renderWithProviders(<PicturePrice />);
    expect(await screen.findByText('picture Free')).toBeTruthy();
  });
});
