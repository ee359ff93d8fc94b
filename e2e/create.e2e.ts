// Creating characters against the real server and Chromium: a user drops a PNG Character Card on the enhanced
// creator, edits it, frames a new portrait, publishes it, finds it on the feed and in search, exports it from
// /user-characters and deletes it; a blocked description is shown on its field and nothing is created.
// Screenshots of every creator step (1280 and 390 px) and of /user-characters go to e2e/artifacts/.
import sharp from 'sharp';
import { api, type CharacterPage } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { exportCardPng, parseCard } from '../apps/server/src/lib/character-card/index.ts';
import type { CardCharacter } from '../apps/server/src/lib/character-card/index.ts';
import { apiCall, DESKTOP, expectClean, header, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness } from './harness.ts';

const NAME = 'Ondine Marrowgate';

/** A V3 card in a PNG (ccv3 + chara chunks), written by the card library from a picture made here. */
async function cardPng(): Promise<Buffer> {
  const picture = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#2a6f8f' } })
    .composite([{ input: Buffer.from('<svg width="400" height="600"><circle cx="200" cy="220" r="120" fill="#f4d35e"/></svg>') }])
    .png()
    .toBuffer();
  const card: CardCharacter = {
    name: NAME,
    tagline: 'Ferry-witch of the drowned quarter',
    description: 'She rows travellers across flooded streets for a song and a secret. <b>Bold</b> stays text.',
    personality: 'Wry, patient, collects secrets.',
    scenario: '{{user}} needs to cross the drowned quarter before midnight.',
    firstMes: '*raises her lantern* Fare is one secret, {{user}}.',
    alternateGreetings: [],
    groupOnlyGreetings: [],
    mesExample: '',
    systemPrompt: '',
    postHistoryInstructions: '',
    creatorNotes: '',
    tags: ['Fantasy', 'Female', 'Original'],
    creator: 'tidewright',
    characterVersion: '1.0',
    extensions: { 'x-tool': { keep: true } },
    characterBook: {
      extensions: {},
      entries: [
        { keys: ['lantern'], content: 'The lantern never goes out.', extensions: {}, enabled: true, insertion_order: 0, use_regex: false },
      ],
    },
    unknownFields: {},
  };
  return exportCardPng(card, picture);
}

const photo = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: '#7c3aed' } })
    .composite([
      { input: Buffer.from('<svg width="900" height="900"><rect x="300" y="150" width="300" height="600" fill="#fb7185"/></svg>') },
    ])
    .jpeg()
    .toBuffer();

const next = (page: Page) => page.getByRole('button', { name: /^Next/ }).click();
const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(title) });
const cardIn = (page: Page, name: string) =>
  page.getByTestId('character-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describeE2E('creating characters (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  let auth: Awaited<ReturnType<typeof registerReadyUser>>;

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email: `maker_${suffix}@example.com`, username: `maker_${suffix}`, password: 'make-a-friend-7' });
  });

  it('imports a PNG card, edits it, frames a portrait, publishes, finds it, exports it and deletes it', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto('/create-character');
    await stepHeading(page, 'Basics and avatar').waitFor({ timeout: 20_000 });
    await screenshot(page, 'create-step1-new-1280', { fullPage: true });

    // Drop the card on the import zone.
    const png = (await cardPng()).toString('base64');
    const drop = await page.evaluateHandle((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'ondine.png', { type: 'image/png' }));
      return dt;
    }, png);
    await page.getByTestId('card-dropzone').dispatchEvent('drop', { dataTransfer: drop });
    // The card's tags give no content rating: the importer is asked, and the same file is sent again with the choice.
    const question = page.getByRole('group', { name: /does not say how explicit it is/ });
    await question.waitFor({ timeout: 20_000 });
    await screenshot(page, 'create-import-rating-1280');
    await question.getByRole('button', { name: 'NSFW', exact: true }).click();
    await page.getByRole('region', { name: 'Import report' }).waitFor({ timeout: 20_000 });
    await page.waitForURL(/\/create-character\?edit=/);
    const id = new URL(page.url()).searchParams.get('edit')!;
    expect(await page.getByLabel(/^Name/).inputValue()).toBe(NAME);
    await page.getByText(/Imported a V3 card from a PNG image/).waitFor();

    // Edit, and a new portrait through the cropper.
    await page.getByLabel('Tagline').fill('Ferry-witch of the drowned quarter, now taking passengers');
    await page.getByLabel('Choose a portrait image').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const crop = page.getByRole('dialog', { name: 'Frame the portrait' });
    await crop.waitFor();
    await crop.getByLabel('Zoom').fill('1.5');
    await page.keyboard.press('Tab');
    await screenshot(page, 'create-crop-1280');
    await crop.getByRole('button', { name: 'Use this portrait' }).click();
    await page.getByText('Not saved yet').waitFor();
    await screenshot(page, 'create-step1-1280', { fullPage: true });

    await next(page);
    await stepHeading(page, 'Personality and scenario').waitFor();
    await screenshot(page, 'create-step2-1280', { fullPage: true });
    await next(page);
    await stepHeading(page, 'Greeting and example dialogue').waitFor();
    // The greeting preview renders actions in italics, placeholders filled, never as HTML.
    await page
      .getByRole('region', { name: 'Preview' })
      .getByText(/Fare is one secret,/)
      .first()
      .waitFor();
    await screenshot(page, 'create-step3-1280', { fullPage: true });
    await next(page);
    await stepHeading(page, 'Tags and content rating').waitFor();
    // The card had no rating (imported as NSFW): this one is safe for work.
    await page.getByRole('radio', { name: /^SFW/ }).click();
    await page.getByRole('button', { name: 'Mystery' }).click();
    await screenshot(page, 'create-step4-1280', { fullPage: true });
    await next(page);
    await stepHeading(page, 'Visibility and review').waitFor();
    await page.getByRole('radio', { name: /^Public/ }).click();
    await page.getByRole('switch').click();
    await screenshot(page, 'create-step5-1280', { fullPage: true });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();

    await page.waitForURL(new RegExp(`/characters/${id}$`), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByRole('group', { name: 'Your character' }).getByText('public').waitFor();
    const portrait = page.getByRole('img', { name: `Portrait of ${NAME}` }).first();
    await expect.poll(() => portrait.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(768);
    await screenshot(page, 'create-published-profile-1280');

    // On the feed, in search and on the creator's page at once.
    await page.goto('/?sort=new');
    await cardIn(page, NAME).waitFor({ timeout: 15_000 });
    await header(page).getByRole('searchbox').fill('marrowgate');
    await header(page).getByRole('searchbox').press('Enter');
    await cardIn(page, NAME).waitFor({ timeout: 15_000 });
    await page.goto(`/creators/${auth.user.id}`);
    await cardIn(page, NAME).waitFor({ timeout: 15_000 });

    // Export from /user-characters: the card carries the edit and the new portrait size.
    await page.goto('/user-characters');
    const row = page.getByTestId('my-character').filter({ hasText: NAME });
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'user-characters-1280');
    for (const [label, viewport] of [
      ['390', MOBILE],
      ['1024', { width: 1024, height: 768 }],
    ] as const) {
      const other = await pageWithSession(h, auth, viewport);
      await other.page.goto('/user-characters');
      await other.page.getByTestId('my-character').first().waitFor({ timeout: 15_000 });
      await screenshot(other.page, `user-characters-${label}`, { fullPage: true });
      expectClean(other, `/user-characters at ${label} px`);
      await other.context.close();
    }
    await row.getByRole('button', { name: `Export ${NAME}` }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PNG card (portrait)' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const exported = parseCard(await readFile(file), 'ondine.png');
    expect(exported.report.format).toBe('v3');
    expect(exported.card).toMatchObject({
      name: NAME,
      tagline: 'Ferry-witch of the drowned quarter, now taking passengers',
      extensions: { 'x-tool': { keep: true } },
    });
    expect(exported.card.characterBook?.entries[0]?.content).toBe('The lantern never goes out.');
    expect(await sharp(exported.image!).metadata()).toMatchObject({ width: 768, height: 1152 });

    // Delete, with confirmation: gone from the list, the feed and search.
    await row.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${NAME}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('heading', { name: "You haven't created any characters yet" }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'user-characters-empty-1280');
    const feed = (await (await fetch(`${h.server.url}/api/characters?sort=new`)).json()) as CharacterPage;
    expect(feed.items.map((c) => c.name)).not.toContain(NAME);
    expectClean(p, 'the creation journey');
    await p.context.close();
    // Import, crop, five steps, publish, three listings, two more viewports, export and delete: about 40 s when quiet.
  }, 150_000);

  it('shows a blocked description on its field and creates nothing; every step fits at 390 px', async () => {
    // A creator of its own: "creates nothing" holds whatever the journey above left behind.
    const auth = await registerReadyUser(h, {
      email: `blocked_${suffix}@example.com`,
      username: `blocked_${suffix}`,
      password: 'make-a-friend-7',
    });
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    await page.goto('/create-character');
    await stepHeading(page, 'Basics and avatar').waitFor({ timeout: 20_000 });
    await page.getByLabel(/^Name/).fill('Test Subject');
    await page.getByLabel('Description').fill('She is 15 years old and loves sex.');
    await screenshot(page, 'create-step1-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'step 1 fits 390 px').toBeLessThanOrEqual(390);
    const titles = ['Personality and scenario', 'Greeting and example dialogue', 'Tags and content rating', 'Visibility and review'];
    for (const [i, title] of titles.entries()) {
      if (title === 'Visibility and review') await page.getByRole('radio', { name: /^NSFW/ }).click();
      await next(page);
      await stepHeading(page, title).waitFor();
      await screenshot(page, `create-step${i + 2}-390`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${title} fits 390 px`).toBeLessThanOrEqual(390);
    }
    await page.getByRole('button', { name: 'Save character' }).click();
    // Every problem at once, each with its rule and the words it matched, and a way to ask for a review.
    const error = page.getByText(/things were blocked by our content policy:$/);
    await error.waitFor({ timeout: 15_000 });
    await page.getByRole('list', { name: 'Why it was blocked' }).getByText('She is 15', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ask for review' }).waitFor();
    await stepHeading(page, 'Basics and avatar').waitFor();
    expect(await page.getByLabel('Description').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'create-blocked-390');
    const mine = await apiCall(h, api.characters.userCharacters, { params: { id: auth.user.id }, token: auth.accessToken });
    expect(mine.total).toBe(0);

    // The classic creator: the same fields in one form, and the same draft.
    await page.goto('/create-character-old');
    await page.getByRole('heading', { level: 2, name: 'Visibility' }).waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Description').inputValue()).toBe('She is 15 years old and loves sex.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'classic creator fits 390 px').toBeLessThanOrEqual(390);
    await screenshot(page, 'create-classic-390', { fullPage: true });

    await page.goto('/user-characters');
    await page.getByRole('heading', { name: "You haven't created any characters yet" }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'user-characters-empty-390');
    expectClean(p, 'the blocked journey');
    await p.context.close();

    // A guest is offered an account to create characters.
    const guest = await newPage(h, MOBILE);
    await passAgeGate(guest.page);
    await guest.page.goto('/user-characters');
    await guest.page
      .getByRole('heading', { name: 'Sign up to create characters and unlock exclusive features' })
      .waitFor({ timeout: 15_000 });
    await screenshot(guest.page, 'user-characters-guest-390');
    await guest.page.getByRole('button', { name: 'Get Started Free' }).click();
    await guest.page.getByRole('dialog', { name: 'Create Your Account' }).waitFor();
    await guest.context.close();
  }, 90_000);
});
