// The crisis protocol on the image page (issue #44, docs/compliance.md "Crisis protocol"): a picture request whose
// words expressed a crisis answers with a card (`support`), shown above that request's progress, as text; an
// ordinary request shows none. The picture is made all the same.
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrisisSupport, GenerateImageResponse, ImageGenerationStatus } from '@reverie/shared';
import { establishSession } from '@/features/auth';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import GenerateImagesPage from './generate-images';

const user = makeUser();
const status: ImageGenerationStatus = {
  provider: {
    kind: 'sdapi',
    configured: true,
    ready: true,
    message: null,
    supportsNegativePrompt: true,
    supportsSeed: true,
    supportsProgress: true,
  },
  cost: { freeLeft: 3, costPerImage: 5, balance: 50 },
  imageQueue: 'standard',
  suggestions: [],
};
const support: CrisisSupport = {
  region: 'GB',
  message: 'It sounds like you might be going through something really painful right now.',
  resources: [
    { name: 'Samaritans', contact: 'Call 116 123 (free, any time)', url: 'https://www.samaritans.org' },
    { name: '<b>Shout</b>', contact: '<img src=x onerror=alert(1)>' },
  ],
  emergency: 'If you are in danger right now, call your local emergency number.',
};
const job = (id: string): GenerateImageResponse['job'] => ({
  id,
  status: 'queued',
  position: 1,
  progress: null,
  etaSeconds: null,
  preview: null,
  error: null,
  count: 1,
  queue: 'standard',
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: null,
});

function renderPage(answer: Partial<GenerateImageResponse>) {
  const page = { items: [], page: 1, limit: 8, total: 0, hasMore: false };
  mockApi({
    'GET /api/image-generation/status': () => json(status),
    'GET /api/images': () => json(page),
    'GET /api/images/models': () => json({ data: [] }),
    [`GET /api/users/${user.id}/characters`]: () => json({ ...page, limit: 24 }),
    'POST /api/image-generation/generate': () =>
      json({ job: job('00000000-0000-4000-8000-0000000000a1'), images: [], charge: { free: 1, coins: 0, balance: 50 }, ...answer }, 202),
    'GET /api/image-generation/jobs/00000000-0000-4000-8000-0000000000a1': () =>
      json({ job: job('00000000-0000-4000-8000-0000000000a1'), images: [] }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/generate-images']}>
      <GenerateImagesPage />
    </MemoryRouter>,
  );
}

async function ask(prompt: string) {
  fireEvent.change(await screen.findByLabelText('Prompt'), { target: { value: prompt } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
  await screen.findByTestId('image-job');
}

describe('/generate-images and the crisis protocol', () => {
  beforeEach(() => {
    resetClientState();
    establishSession({ accessToken: jwt(), refreshToken: 'refresh', user });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the card above the request it came with, as text, and the request is queued all the same', async () => {
    renderPage({ support });
    await ask('I want to kill myself. Draw me alone on the bridge.');
    const card = screen.getByTestId('crisis-support');
    expect(card.nextElementSibling?.getAttribute('data-testid')).toBe('image-job');
    expect(within(card).getByRole('region', { name: 'Support is available' })).toBeTruthy();
    expect(within(card).getByText(support.message)).toBeTruthy();
    expect(within(card).getByText('Samaritans')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'samaritans.org' }).getAttribute('href')).toBe('https://www.samaritans.org');
    expect(within(card).getByText('<b>Shout</b>')).toBeTruthy();
    expect(card.querySelector('img, b')).toBeNull();
    expect(within(card).getByRole('link', { name: 'How Reverie handles this' }).getAttribute('href')).toBe('/legal/crisis-protocol');
  });

  it('shows none for an ordinary request', async () => {
    renderPage({});
    await ask('A lighthouse at dusk');
    expect(screen.queryByTestId('crisis-support')).toBeNull();
  });
});
