// The chat's picture price (#46.5): none (no "Free" tag, the button disabled) while the image service is down.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageGenerationStatus } from '@reverie/shared';
import { priceShort } from '@/features/billing';
import { useGenerationStatus } from '@/features/images';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { useChatPrices } from './use-chat-prices';

function PicturePrice() {
  const prices = useChatPrices('c1', { cost: { freeLeft: 3, costPerMessage: 2, balance: 9 }, freeReply: false, messages: [] });
  const images = useGenerationStatus('c1');
  return <span>{images.isSuccess ? (prices.picture ? `picture ${priceShort(prices.picture)}` : 'no picture price') : 'loading'}</span>;
}

describe('the chat picture price (#46.5)', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser());
  });

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
