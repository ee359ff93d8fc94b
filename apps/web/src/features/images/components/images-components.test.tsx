import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageGenerationStatus, ImageItem } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { setImageBlur, setShowNsfw } from '@/lib/nsfw';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { GenerateForm } from './generate-form';
import { ImageBlur } from './image-blur';
import { ImageTile } from './image-tile';
import { Lightbox } from './lightbox';
import { TinyImageTest } from './tiny-image-test';

const user = makeUser();

function image(n: number, overrides: Partial<ImageItem> = {}): ImageItem {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status: 'ready',
    url: `/api/images/${n}/full.webp`,
    thumbnailUrl: `/api/images/${n}/thumb.webp`,
    downloadUrl: `/api/images/${n}/full.webp?download=1`,
    width: 512,
    height: 768,
    thumbWidth: 256,
    thumbHeight: 384,
    prompt: `Prompt number ${n}`,
    negativePrompt: '',
    model: '',
    seed: 7,
    nsfw: false,
    visibility: 'private',
    showcase: false,
    source: 'generated',
    likes: 0,
    liked: false,
    isOwner: true,
    owner: { id: user.id, username: user.username, avatarUrl: null },
    character: null,
    jobId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const status = (over: Partial<ImageGenerationStatus> = {}): ImageGenerationStatus => ({
  provider: {
    kind: 'sdapi',
    configured: true,
    ready: true,
    message: null,
    supportsNegativePrompt: true,
    supportsSeed: true,
    supportsProgress: true,
  },
  cost: { freeLeft: 1, costPerImage: 5, balance: 3 },
  imageQueue: 'standard',
  suggestions: ['A lighthouse at dusk'],
  ...over,
});

beforeEach(() => {
  resetClientState();
  localStorage.clear();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(user);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImageBlur', () => {
  const render = (nsfw: boolean) =>
    renderWithProviders(
      <ImageBlur nsfw={nsfw} revealable>
        <img alt="the picture" src="/x.webp" />
      </ImageBlur>,
    );

  it('hides NSFW pictures while the NSFW filter is off, and never blurs safe ones', () => {
    const { container, unmount } = render(true);
    expect(container.querySelector('[data-nsfw-hidden]')).not.toBeNull();
    screen.getByRole('img', { name: 'NSFW picture hidden. Turn on NSFW content in the header to view it.' });
    expect(screen.queryByRole('button', { name: 'Show picture' })).toBeNull();
    unmount();
    expect(render(false).container.querySelector('[data-nsfw-hidden]')).toBeNull();
  });

  it('with NSFW shown, the image-blur toggle still blurs until the viewer reveals the picture', () => {
    act(() => setShowNsfw(true));
    const { container } = render(true);
    expect(container.querySelector('[data-nsfw-hidden]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show picture' }));
    expect(container.querySelector('[data-nsfw-hidden]')).toBeNull();
    act(() => setImageBlur(false));
  });

  it('shows NSFW pictures outright when NSFW is shown and image blur is off', () => {
    act(() => {
      setShowNsfw(true);
      setImageBlur(false);
    });
    expect(render(true).container.querySelector('[data-nsfw-hidden]')).toBeNull();
  });
});

function LightboxHarness({ images }: { images: ImageItem[] }) {
  const [index, setIndex] = useState<number | null>(1);
  return (
    <MemoryRouter>
      <Lightbox images={images} index={index} onIndexChange={setIndex} />
    </MemoryRouter>
  );
}

describe('ImageTile', () => {
  it('labels every picture in a gallery as AI-generated', () => {
    renderWithProviders(<ImageTile image={image(1)} onOpen={() => undefined} />);
    screen.getByText('AI-generated');
  });
});

describe('Lightbox', () => {
  it('walks through the pictures with the arrow keys and the side buttons, with the prompt beside each', async () => {
    mockApi({});
    renderWithProviders(<LightboxHarness images={[image(1), image(2), image(3)]} />);
    const dialog = () => screen.getByRole('dialog', { name: 'Picture' });
    await screen.findByRole('dialog', { name: 'Picture' });
    within(dialog()).getByText('2 / 3');
    within(dialog()).getByText('Prompt number 2');
    // Every picture says it was made by AI (the file carries the machine-readable mark too).
    within(dialog()).getByText('AI-generated (marked in the file)');
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    within(dialog()).getByText('3 / 3');
    within(dialog()).getByText('Prompt number 3');
    expect(within(dialog()).queryByRole('button', { name: 'Next picture' })).toBeNull();
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Previous picture' }));
    within(dialog()).getByText('1 / 3');
    expect(within(dialog()).queryByRole('button', { name: 'Previous picture' })).toBeNull();
    // The owner's actions on a ready picture.
    within(dialog()).getByRole('link', { name: 'Download' });
    within(dialog()).getByRole('button', { name: 'Share' });
    within(dialog()).getByRole('button', { name: 'Delete' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Lightbox: reports and moderation', () => {
  const theirs = image(4, {
    isOwner: false,
    visibility: 'public',
    owner: { id: '99999999-9999-4999-8999-999999999999', username: 'painter', avatarUrl: null },
    character: { id: '33333333-3333-4333-8333-333333333333', name: 'Aria', avatarUrl: null, creatorId: 'x' },
  });

  it("reports someone else's picture to the moderators from the lightbox", async () => {
    const api = mockApi({
      'POST /api/reports': () =>
        json({ id: '66666666-6666-4666-8666-666666666666', message: 'Thank you. Moderators will review your report.' }, 201),
    });
    renderWithProviders(<LightboxHarness images={[image(1), theirs]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Picture of Aria' });
    // Radix opens its menu from the keyboard in jsdom.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Report picture of Aria' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report to moderators' }));
    await screen.findByRole('dialog', { name: 'Report picture of Aria' });
    fireEvent.click(screen.getByLabelText('Depicts a real person'));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thank you. Moderators will review your report.');
    expect(api.callsTo('POST /api/reports')[0]?.body).toEqual({ subjectType: 'image', subjectId: theirs.id, reason: 'real_person' });
  });

  it('offers no report on your own picture; a picture moderators hid says so and cannot be shared', async () => {
    mockApi({});
    renderWithProviders(<LightboxHarness images={[image(1), image(2, { moderationHidden: true })]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Picture' });
    expect(within(dialog).queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(within(dialog).getByRole('note').textContent).toMatch(/^Hidden by moderators\. Only you can see it; it stays private/);
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Delete' });
  });
});

describe('GenerateForm', () => {
  const renderForm = (s = status()) => {
    const onQueued = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <GenerateForm user={user} characterId="" onCharacterChange={() => {}} status={s} onQueued={onQueued} />
      </MemoryRouter>,
    );
    return onQueued;
  };
  const routes = {
    'GET /api/users/11111111-1111-4111-8111-111111111111/characters': () =>
      json({ items: [], page: 1, limit: 24, total: 0, hasMore: false }),
    'GET /api/images/models': () => json({ data: [{ id: 'm1', name: 'Dream v1' }] }),
  };

  it('says the cost before anything is spent and sends what was chosen', async () => {
    const api = mockApi({
      ...routes,
      'POST /api/image-generation/generate': () => json({ job: { id: 'j' }, images: [], charge: { free: 1, coins: 5, balance: 0 } }, 202),
    });
    const onQueued = renderForm();
    screen.getByText("Free: 1 picture from this month's allowance (1 left)");
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    screen.getByText('1 free picture, then 5 coins · balance 3');
    screen.getByText('Not enough coins for this.');
    fireEvent.click(screen.getByRole('radio', { name: 'Landscape' }));
    fireEvent.click(screen.getByRole('button', { name: 'A lighthouse at dusk' }));
    await screen.findByRole('option', { name: 'Dream v1' });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'm1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    expect(api.callsTo('POST /api/image-generation/generate')[0]!.body).toEqual({
      prompt: 'A lighthouse at dusk',
      model: 'm1',
      width: 768,
      height: 512,
      count: 2,
      visibility: 'private',
    });
  });

  it('shows the refusal in words, with a way to get coins when they are short', async () => {
    mockApi({
      ...routes,
      'POST /api/image-generation/generate': () =>
        apiError(402, 'Not enough coins: these 2 pictures cost 10 and your balance is 3.', {}, { cost: 10, balance: 3 }),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const error = await screen.findByTestId('form-error');
    expect(error.textContent).toContain('Not enough coins: these 2 pictures cost 10 and your balance is 3.');
    expect(within(error).getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe('/coins');
  });

  it('at the spending cap, says which cap and links to where it is raised', async () => {
    const message =
      'This costs 5 coins, which would pass your daily spending limit of 10 (2 coins left today). You can raise it in Settings → Spending limits.';
    mockApi({
      ...routes,
      'POST /api/image-generation/generate': () =>
        json({ error: { code: 'SPENDING_CAP', message, details: { cap: 10, spent: 8, period: 'day' } }, message }, 402),
    });
    renderForm(status({ cost: { freeLeft: 0, costPerImage: 5, balance: 50 } }));
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const error = await screen.findByTestId('form-error');
    expect(error.textContent).toContain(message);
    expect(within(error).getByRole('link', { name: 'Change my spending limits' }).getAttribute('href')).toBe('/settings#spending-limits');
    expect(within(error).queryByRole('link', { name: 'Get coins' })).toBeNull();
  });

  it('asks first when the pictures cost more than the threshold set in Settings', async () => {
    const api = mockApi({
      ...routes,
      'GET /api/coins/limits': () =>
        json({
          daily: { cap: null, spent: 0, resetsAt: '2026-03-05T00:00:00.000Z', pending: null },
          monthly: { cap: null, spent: 0, resetsAt: '2026-04-01T00:00:00.000Z', pending: null },
          confirmAbove: 7,
          raiseDelayMinutes: 60,
        }),
      'POST /api/image-generation/generate': () => json({ job: { id: 'j' }, images: [], charge: { free: 0, coins: 10, balance: 40 } }, 202),
    });
    const onQueued = renderForm(status({ cost: { freeLeft: 0, costPerImage: 5, balance: 50 } }));
    await waitFor(() => expect(api.callsTo('GET /api/coins/limits')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } });
    // One picture (5 coins) is under the threshold: no question.
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    // Two (10 coins) is over: asked, Cancel sends nothing, Continue sends.
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('This costs 10 coins. Continue?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/image-generation/generate')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(2));
    expect(api.callsTo('POST /api/image-generation/generate')[1]!.body).toMatchObject({ count: 2 });
  });

  it('cannot generate while the backend is not set up', () => {
    mockApi(routes);
    renderForm(status({ provider: { ...status().provider, configured: false, ready: false, message: 'Image generation is not set up.' } }));
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox' } });
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('TinyImageTest', () => {
  it('shows the tiny picture, or the backend’s own reason when it fails', async () => {
    let fail = true;
    mockApi({
      'POST /api/image-generation/test': () =>
        fail
          ? apiError(503, 'The image service could not be reached: ECONNREFUSED (http://127.0.0.1:7860).')
          : json({ provider: 'sdapi', ms: 1200, width: 64, height: 64, image: 'data:image/webp;base64,UklGR' }),
    });
    renderWithProviders(<TinyImageTest />);
    fireEvent.click(screen.getByRole('button', { name: 'Tiny image' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The image service could not be reached: ECONNREFUSED (http://127.0.0.1:7860).',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tiny image' }));
    expect((await screen.findByTestId('tiny-image-result')).textContent).toBe('64 × 64 from sdapi in 1.2 s. Image generation works.');
  });
});
