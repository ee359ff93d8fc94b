// Cards and chats that travel: a CharX with pictures imported and exported again, an unrated card that asks for its
// rating, and a SillyTavern chat imported into a conversation and exported again (real server + Chromium).
import { readFile } from 'node:fs/promises';
import { expect, it, beforeAll } from 'vitest';
import { parseCharx } from '../apps/server/src/lib/character-card/index.ts';
import { charxBytes } from '../apps/server/src/lib/character-card/test/charx-fixtures.ts';
import { V1_CARD } from '../apps/server/src/lib/character-card/test/fixtures.ts';
import { DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, screenshot, useHarness } from './harness.ts';

const ST_CHAT = [
  { user_name: 'Juno', character_name: '서하린', create_date: '2024-6-1@10h05m09s', chat_metadata: {} },
  {
    name: '서하린',
    is_user: false,
    send_date: 'June 1, 2024 10:05am',
    mes: '어서 오세요. *책장을 넘긴다*',
    extra: {},
    swipes: ['어서 오세요. *책장을 넘긴다*'],
    swipe_id: 0,
  },
  { name: 'Juno', is_user: true, send_date: 'June 1, 2024 10:06am', mes: 'Do you have anything on the old lighthouse?', extra: {} },
  {
    name: '서하린',
    is_user: false,
    send_date: 'June 1, 2024 10:07am',
    mes: 'Third shelf, behind the atlas. Nobody asks for it.',
    extra: {},
    swipes: ['Not here.', 'Third shelf, behind the atlas. Nobody asks for it.'],
    swipe_id: 1,
  },
];

describeE2E('cards and chats that travel (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  let auth: Awaited<ReturnType<typeof registerReadyUser>>;

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email: `mover_${suffix}@example.com`, username: `mover_${suffix}`, password: 'carry-it-over-9' });
  });

  it('imports a CharX with pictures, exports it as CharX, imports a SillyTavern chat and exports it again', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;

    // An unrated card: the importer is asked for its rating.
    await page.goto('/user-characters');
    const cardInput = page.getByLabel('Choose a character card file (PNG, JSON or CharX)');
    await cardInput.setInputFiles({ name: 'mara.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(V1_CARD)) });
    const question = page.getByRole('group', { name: /does not say how explicit it is/ });
    await question.waitFor({ timeout: 20_000 });
    await screenshot(page, 'transfer-rating-question-1280');
    await question.getByRole('button', { name: 'SFW', exact: true }).click();
    await page.getByRole('region', { name: 'Import report' }).waitFor({ timeout: 20_000 });

    // The CharX: its main icon becomes the portrait (at its own 170×234 size), its other pictures are kept.
    await page.goto('/user-characters');
    const { bytes } = await charxBytes();
    await page
      .getByLabel('Choose a character card file (PNG, JSON or CharX)')
      .setInputFiles({ name: 'risu.charx', mimeType: 'application/zip', buffer: bytes });
    await page.getByText(/Imported a V3 card from a CharX archive/).waitFor({ timeout: 20_000 });
    await page.waitForURL(/\/create-character\?edit=/);
    const id = new URL(page.url()).searchParams.get('edit')!;
    await screenshot(page, 'transfer-charx-report-1280', { fullPage: true });
    expect(await page.getByRole('region', { name: 'Import report' }).textContent()).toContain(
      '6 assets (icons, backgrounds, emotions) kept for export.',
    );

    // Export it again as CharX from the list.
    await page.goto('/user-characters');
    const row = page.getByTestId('my-character').filter({ hasText: '서하린' });
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'transfer-user-characters-1280');
    await row.getByRole('button', { name: 'Export 서하린' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CharX (card and pictures)' }).click();
    const exported = parseCharx(await readFile(await (await download).path()));
    expect(exported.card.name).toBe('서하린');
    expect(exported.card.characterBook?.entries).toHaveLength(120);
    expect(exported.assets.map((a) => a.asset.name)).toEqual(['main', 'alt', 'hall', 'happy', 'sad', 'me']);
    expect(exported.icon).toBeDefined();

    // A SillyTavern chat into a new conversation with it; the chosen swipe is shown.
    await page.goto(`/chat/${id}`);
    await page.getByRole('button', { name: 'Export or import a chat' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Choose a SillyTavern chat file (.jsonl)').setInputFiles({
      name: 'chat.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(ST_CHAT.map((l) => JSON.stringify(l)).join('\n')),
    });
    await page.waitForURL(/conversation=/, { timeout: 20_000 });
    await page.getByText('Third shelf, behind the atlas. Nobody asks for it.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'transfer-chat-imported-1280');
    await page.getByRole('button', { name: 'Export or import a chat' }).click();
    await screenshot(page, 'transfer-chat-menu-1280');
    const chatDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'SillyTavern chat (.jsonl)' }).click();
    const lines = (await readFile(await (await chatDownload).path(), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ character_name: '서하린', create_date: '2024-6-1@10h05m09s' });
    expect(lines[3]).toMatchObject({ mes: 'Third shelf, behind the atlas. Nobody asks for it.', swipes: ST_CHAT[3]!.swipes, swipe_id: 1 });
    expectClean(p, 'the transfer journey at 1280 px');

    // #46.14: a real chat's message can be longer than typing allows (73,741 characters in a real SillyTavern file): it
    // imports, and the page shows it without freezing (the composer answers at once).
    const stConversation = new URL(page.url()).searchParams.get('conversation');
    const long = Array.from({ length: 11_000 }, (_, i) => `word${i % 97}`).join(' ');
    expect(long.length).toBeGreaterThan(73_741);
    await page.goto(`/chat/${id}`);
    await page.getByRole('button', { name: 'Export or import a chat' }).waitFor({ timeout: 20_000 });
    const longChat = [ST_CHAT[0], ST_CHAT[1], { name: 'Juno', is_user: true, send_date: 'June 1, 2024 10:08am', mes: long, extra: {} }];
    await page.getByLabel('Choose a SillyTavern chat file (.jsonl)').setInputFiles({
      name: 'long.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(longChat.map((l) => JSON.stringify(l)).join('\n')),
    });
    await page.waitForURL(/conversation=/, { timeout: 20_000 });
    const shownAt = Date.now();
    await page
      .locator('[data-message-id]')
      .filter({ hasText: long.slice(0, 60) })
      .waitFor({ timeout: 20_000 });
    const composer = page.getByLabel('Message 서하린');
    await composer.fill('Still here.', { timeout: 5_000 });
    console.log(
      `[transfer] a ${long.length.toLocaleString('en')}-character message shown and the composer answering in ${Date.now() - shownAt} ms`,
    );
    await screenshot(page, 'transfer-long-message-1280');

    // The same pages at 390 px.
    const m = await pageWithSession(h, auth, MOBILE);
    await m.page.goto('/user-characters');
    await m.page.getByTestId('my-character').first().waitFor({ timeout: 15_000 });
    await screenshot(m.page, 'transfer-user-characters-390', { fullPage: true });
    await m.page.goto(`/chat/${id}?conversation=${stConversation}`);
    await m.page.getByText('Third shelf, behind the atlas. Nobody asks for it.').waitFor({ timeout: 20_000 });
    await screenshot(m.page, 'transfer-chat-390');
    await m.page.getByRole('button', { name: 'Export or import a chat' }).click();
    await screenshot(m.page, 'transfer-chat-menu-390');
    await m.page.goto(`/characters/${id}`);
    await m.page.getByRole('img', { name: 'Portrait of 서하린' }).first().waitFor({ timeout: 20_000 });
    await screenshot(m.page, 'transfer-profile-390');
    const d = await pageWithSession(h, auth, DESKTOP);
    await d.page.goto(`/characters/${id}`);
    await d.page.getByRole('img', { name: 'Portrait of 서하린' }).first().waitFor({ timeout: 20_000 });
    await screenshot(d.page, 'transfer-profile-1280');
    expect(await m.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expectClean(m, 'the transfer pages at 390 px');
    await Promise.all([p.context.close(), m.context.close(), d.context.close()]);
  }, 240_000);
});
