// Issue 31 in one sitting against the real server and Chromium: a persona made in Settings, a one-to-one chat as it,
// then a group of three characters made from a character's profile ("Add to a group"), a message the named
// character answers (the persona on the user's line and in the group prompt), "Let X speak", "Skip", the group in the
// recent chats with stacked avatars, the search across chats finding the group, the group's own search, and a branch
// of the group; screenshots at 1280 and 390 px. Replies come from a local OpenAI-compatible peer.
import { api } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, dialog, expectClean, MOBILE, registerReadyUser, signedInPage, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

describeE2E('group chats (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  const suffix = Date.now().toString(36);
  const email = `troupe_${suffix}@example.com`;
  const password = 'three-voices-7';
  const names = { ada: 'Ada Lanternwright', bram: 'Bram Netmender', cass: 'Cass Ferrywoman' };
  let adaId = '';

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    h.server = await startServer({ env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model' } });
    h.browser = await launchBrowser();
    const auth = await registerReadyUser(h, { email, username: `troupe_${suffix}`, password });
    const make = (name: string, description: string) =>
      apiCall(h, api.characters.create, {
        token: auth.accessToken,
        body: { name, tagline: description, description, greeting: 'Hello.', tags: ['female', 'fantasy', 'sfw'], visibility: 'public' },
      });
    adaId = (await make(names.ada, 'Keeps the harbour lighthouse burning through every storm.')).id;
    await make(names.bram, 'Mends the fishing nets and knows every rumour on the docks.');
    await make(names.cass, 'Runs the ferry across the bay, rain or shine.');
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  /** The texts of the last prompt the model server received. */
  const lastPrompt = () => (peer.requests.at(-1)!.body.messages as Array<{ content: string }>).map((m) => m.content).join('\n');

  it('makes a persona, chats as it, then creates a group of three, lets them talk, forces a speaker and skips a turn (1280 and 390 px)', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);

    // A persona from Settings, then a one-to-one chat with Ada as it: the user's line carries its name, the prompt too.
    await page.goto(`${h.server.url}/settings#personas`);
    const personas = page.getByRole('region', { name: 'Personas' });
    await personas.getByRole('button', { name: 'Create a persona' }).click({ timeout: 15_000 });
    const form = page.getByRole('form', { name: 'New persona' });
    await form.getByLabel('Name').fill('Captain Ro');
    await form.getByLabel('Description').fill('A retired smuggler who knows the harbour by night.');
    await form.getByRole('button', { name: 'Create persona' }).click();
    await personas.getByTestId('persona-row').waitFor({ timeout: 15_000 });
    peer.behave({ kind: 'reply', parts: ['*Ada raises the lamp.* Come in, Captain.'] });
    await page.goto(`${h.server.url}/chat/${adaId}`);
    const single = page.getByLabel(`Message ${names.ada}`);
    await single.waitFor({ state: 'visible', timeout: 20_000 });
    await single.fill('Room by the fire for an old sailor?');
    await untilSendIsOn(page);
    await single.press('Enter');
    await expect.poll(() => page.getByTestId('message-user').first().textContent(), { timeout: 20_000 }).toContain('Captain Ro');
    await page.getByText('Come in, Captain.').waitFor({ timeout: 20_000 });
    expect(lastPrompt()).toContain('About Captain Ro:\nA retired smuggler who knows the harbour by night.');

    await page.goto(`${h.server.url}/characters/${adaId}`);
    await page.getByRole('button', { name: 'Add to a group' }).click();
    const creator = dialog(page, 'New group chat');
    await creator.waitFor();
    // Ada is already picked; the others come from the search.
    await creator.getByRole('button', { name: `Remove ${names.ada}` }).waitFor();
    for (const name of [names.bram, names.cass]) {
      await creator.getByLabel('Search characters').fill(name.split(' ')[0]!);
      await creator
        .getByRole('list', { name: 'Characters' })
        .getByRole('button', { name: new RegExp(name) })
        .click({ timeout: 15_000 });
      await creator.getByRole('button', { name: `Remove ${name}` }).waitFor();
    }
    await creator.getByLabel('Name').fill('Harbour night');
    await creator.getByLabel('Scenario (optional)').fill('A storm rolls over the harbour; the three meet in the lighthouse.');
    await screenshot(page, 'groups-creator-1280');
    await creator.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/group\/[0-9a-f-]{36}$/);
    const groupPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Harbour night' }).waitFor();
    await page.getByText('Set the scene').waitFor();

    // A message naming Bram: Bram answers, his name on the reply.
    peer.behave({ kind: 'reply', parts: ['*Bram shakes the rain', ' off his coat.* Nets held, barely.'] });
    const composer = page.getByLabel('Message Harbour night');
    await composer.fill('Bram, how did the nets hold up?');
    await untilSendIsOn(page);
    await composer.press('Enter');
    const replies = page.getByTestId('message-assistant');
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(1);
    // The speaker's name shows as soon as the reply starts; the words arrive as it streams.
    await expect.poll(() => replies.nth(0).textContent(), { timeout: 20_000 }).toContain('Nets held, barely.');
    expect(await replies.nth(0).textContent()).toContain(names.bram);
    // The persona applies in the group too: on the user's line, and in the speaker's prompt.
    expect(await page.getByTestId('message-user').first().textContent()).toContain('Captain Ro');
    expect(lastPrompt()).toContain('About Captain Ro:');
    expect(lastPrompt()).toContain('Captain Ro: Bram, how did the nets hold up?');

    // "Let Cass speak": a reply from Cass with no message from the user.
    peer.behave({ kind: 'reply', parts: ['The ferry waits for no storm.'] });
    await page.getByRole('button', { name: `Let ${names.cass} speak` }).click();
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => replies.nth(1).textContent(), { timeout: 20_000 }).toContain(names.cass);
    expect(await page.getByTestId('message-user').count()).toBe(1);

    // Skip: the one whose turn it is is passed over (no reply); the next one is named.
    const turns = page.getByRole('group', { name: 'Turns' });
    await turns.getByText(`Next turn: ${names.ada}.`, { exact: false }).waitFor({ timeout: 15_000 });
    await turns.getByRole('button', { name: `Skip ${names.ada}'s turn` }).click();
    await turns.getByText(`Next turn: ${names.bram}.`, { exact: false }).waitFor({ timeout: 15_000 });
    expect(await replies.count()).toBe(2);
    await screenshot(page, 'groups-chat-1280');

    // On a phone: the same conversation, the speaker buttons wrap (none cut off at the edge), nothing overflows.
    await page.setViewportSize(MOBILE);
    peer.behave({ kind: 'reply', parts: ['*Ada trims the lamp.* Welcome, all of you.'] });
    await page.getByRole('button', { name: `Let ${names.ada} speak` }).click();
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => replies.nth(2).textContent(), { timeout: 20_000 }).toContain(names.ada);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Issue 46: every speaker button is whole on the screen, or sits in a list that scrolls sideways to it.
    const cut = await page
      .getByRole('group', { name: 'Turns' })
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((b) => {
            const r = b.getBoundingClientRect();
            if (r.left >= 0 && r.right <= window.innerWidth + 0.5) {
              // Inside the screen, yet maybe cut off by a list that hides what overflows it.
              const list = b.closest('ul');
              if (!list) return false;
              const l = list.getBoundingClientRect();
              if (r.left >= l.left - 0.5 && r.right <= l.right + 0.5) return false;
            }
            const list = b.closest('ul');
            const scrolls = !!list && list.scrollWidth > list.clientWidth && /auto|scroll/.test(getComputedStyle(list).overflowX);
            return !scrolls;
          })
          .map((b) => b.getAttribute('aria-label') ?? b.textContent),
      );
    expect(cut, 'speaker buttons cut off at 390 px').toEqual([]);
    expect(
      await page.getByRole('heading', { name: 'Harbour night' }).evaluate((el) => el.scrollWidth <= el.clientWidth),
      'the whole group name in its header',
    ).toBe(true);
    await screenshot(page, 'groups-chat-390');

    // The settings: three members, the turn mode.
    await page.getByRole('button', { name: 'Group settings' }).click();
    const settings = dialog(page, 'Group settings');
    await settings.getByRole('button', { name: `Remove ${names.cass} from the group` }).waitFor();
    await screenshot(page, 'groups-settings-390');
    await settings.getByRole('button', { name: 'Cancel' }).click();

    // The recent chats list the group with its members' faces.
    await page.goto(`${h.server.url}/chat`);
    const row = page.getByRole('link', { name: /Harbour night/ });
    await row.waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: `${names.ada}, ${names.bram}, ${names.cass}` }).waitFor();
    await screenshot(page, 'groups-recent-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'groups-recent-1280');

    // Searching all chats finds what was said in the group, under the group, and opens the group at that message.
    await page.getByRole('searchbox', { name: 'Search all your chats' }).fill('nets');
    const results = page.getByRole('list', { name: 'Matches by chat' });
    await results.waitFor({ timeout: 15_000 });
    const result = results.locator(':scope > li').filter({ hasText: 'Harbour night' });
    await result.getByText(`Group chat · ${names.ada}, ${names.bram}, ${names.cass}`).waitFor();
    await screenshot(page, 'groups-search-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'groups-search-390');
    await result.getByRole('link', { name: /You ·.*nets/ }).click();
    await page.waitForURL(/\/group\/[^/?]+\?message=/);
    await expect.poll(() => page.getByText('Bram, how did the nets hold up?').isVisible(), { timeout: 15_000 }).toBe(true);

    // "Search this chat" in the group: the match is shown under the member who said it, and a pick shows it.
    await page.getByRole('button', { name: 'Search this chat' }).click();
    const search = dialog(page, 'Search this chat');
    await search.getByRole('searchbox', { name: 'Search the group chat Harbour night' }).fill('ferry');
    const match = search.getByRole('list', { name: 'Matches' }).getByRole('button');
    await expect.poll(() => match.count(), { timeout: 15_000 }).toBe(1);
    expect(await match.textContent()).toContain(`${names.cass} ·`);
    await screenshot(page, 'groups-chat-search-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'groups-chat-search-1280');
    await match.click();
    await expect.poll(() => page.getByText('The ferry waits for no storm.').isVisible(), { timeout: 15_000 }).toBe(true);

    // "Branch from here" on Bram's reply: a group chat of its own, with the same members, up to that reply.
    const bramsReply = replies.filter({ hasText: 'Nets held, barely.' });
    await bramsReply.hover();
    await bramsReply.getByRole('button', { name: 'Branch from here' }).click();
    await page.waitForURL((u) => /^\/group\/[0-9a-f-]{36}$/.test(u.pathname) && u.pathname !== groupPath);
    // The "Branch 2 made" toast opens below the group's own header bar, not over its buttons (measured at once, the
    // pointer on it so that it stays: it goes by itself after 5 s).
    const made = page.locator('.toast-viewport li').filter({ hasText: 'Branch 2 made' });
    await made.hover({ timeout: 5_000 });
    const headerBar = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Harbour night' }) });
    const bar = (await headerBar.boundingBox())!;
    await expect
      .poll(async () => (await made.boundingBox())?.y ?? 0, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(Math.floor(bar.y + bar.height));
    await page.getByRole('heading', { name: 'Harbour night' }).waitFor();
    await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(1);
    expect(await replies.nth(0).textContent()).toContain(names.bram);
    const switcher = page.getByRole('button', { name: /branches\. Switch branch$/ });
    await switcher.getByText('2/2').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: `Let ${names.cass} speak` }).waitFor();
    await screenshot(page, 'groups-branch-1280');
    // The first group chat is as it was: switching back shows all its replies.
    await switcher.click();
    const tree = dialog(page, 'Branches').getByTestId('branch-tree');
    await tree.getByRole('button', { name: /^Main/ }).click();
    await page.waitForURL((u) => u.pathname === groupPath);
    await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(3);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Main, 1 of 2 branches. Switch branch' }).getByText('Main of 2').waitFor();
    await screenshot(page, 'groups-branch-390');
    await page.setViewportSize(DESKTOP);
    expectClean(p, 'the group chat journey');
  }, 180_000);
});
