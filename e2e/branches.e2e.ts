// Branches against the real server and Chromium: chat a few messages, "Branch from here" on an earlier message opens
// the new branch with the history up to it, the header says which branch this is, the tree (1280 px) switches back to
// the first conversation, and on a phone (390 px) a branch made from the message menu shows in the list, where one is
// deleted with a confirmation while the others stay. Replies from a local OpenAI-compatible peer.
import type { AuthResponse, ChatStatus } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { DESKTOP, dialog, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const conversationOf = (page: Page) => new URL(page.url()).searchParams.get('conversation');
const bubbles = (page: Page) => page.locator('[data-testid^="message-"] [data-testid="bubble"]');
const branchButton = (page: Page) => page.getByRole('button', { name: /branches\. Switch branch$/ });

async function say(page: Page, text: string) {
  const composer = page.getByLabel('Message Diagnostics');
  const before = await page.getByTestId('message-assistant').count();
  await composer.fill(text);
  await untilSendIsOn(page);
  await composer.press('Enter');
  await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 30_000 }).toBe(before + 1);
  await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 30_000 });
}

describeE2E('branches (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let auth: AuthResponse;
  let characterId: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    h.server = await startServer({ env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model' } });
    h.browser = await launchBrowser();
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `fork_${suffix}@example.com`, username: `fork_${suffix}`, password: 'many-paths-77' });
    characterId = ((await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus).diagnosticCharacterId!;
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  it('branches from an earlier message, says which branch, switches in the tree and deletes one on a phone', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    await page.getByLabel('Message Diagnostics').waitFor({ state: 'visible', timeout: 20_000 });
    await say(page, 'First, the map.');
    await say(page, 'Second, the compass.');
    await say(page, 'Third, the lantern.');
    // Off-screen messages (content-visibility: auto) have no rendered text until laid out: read them once they are.
    await expect.poll(async () => (await bubbles(page).allInnerTexts()).filter(Boolean).length).toBe(7);
    const main = await bubbles(page).allInnerTexts();
    expect(main).toHaveLength(7); // greeting + three exchanges
    // A conversation never branched says nothing about branches.
    expect(await branchButton(page).count()).toBe(0);

    // "Branch from here" on my second message: the page moves to the new branch, holding the history up to it.
    const second = page.getByTestId('message-user').nth(1);
    await second.hover();
    await second.getByRole('button', { name: 'Branch from here' }).click();
    await expect.poll(() => bubbles(page).count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => bubbles(page).allInnerTexts()).toEqual(main.slice(0, 4));
    const branchId = conversationOf(page);
    expect(branchId).toBeTruthy();
    await branchButton(page).getByText('2/2').waitFor({ timeout: 10_000 });
    expect(await branchButton(page).getAttribute('aria-label')).toBe('Branch 2, 2 of 2 branches. Switch branch');
    // The branch goes its own way.
    await say(page, 'Instead, the telescope.');
    expect(await bubbles(page).count()).toBe(6);
    await screenshot(page, 'branches-header-1280');

    // The tree at 1280 px: Main with Branch 2 indented under it, made from my second message.
    await branchButton(page).click();
    const branches = dialog(page, 'Branches');
    const tree = branches.getByTestId('branch-tree');
    await tree.waitFor({ state: 'visible' });
    expect(await branches.getByTestId('branch-list').isVisible()).toBe(false);
    const rows = tree.getByRole('listitem');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('Main');
    expect(await rows.nth(1).innerText()).toContain('Branch 2');
    expect(await rows.nth(1).innerText()).toContain('Second, the compass.');
    expect(await rows.nth(1).innerText()).toContain('You are here');
    const indent = async (i: number) => (await rows.nth(i).locator('button').first().boundingBox())!.x;
    expect(await indent(1)).toBeGreaterThan((await indent(0)) + 20);
    await screenshot(page, 'branches-tree-1280');

    // Switch back to the first conversation: all seven messages, and the header says Main.
    await rows.nth(0).getByRole('button', { name: /^Main/ }).click();
    await expect.poll(() => bubbles(page).count(), { timeout: 15_000 }).toBe(7);
    await expect.poll(() => bubbles(page).allInnerTexts()).toEqual(main);
    expect(conversationOf(page)).not.toBe(branchId);
    await branchButton(page).getByText('1/2').waitFor();
    expect(await branchButton(page).getAttribute('aria-label')).toBe('Main, 1 of 2 branches. Switch branch');
    expectClean(p, 'branching at 1280 px');

    // On a phone: "Branch from here" waits in a message's "More actions" menu; the new branch is the third.
    await page.setViewportSize(MOBILE);
    const greeting = page.getByTestId('message-assistant').first();
    await greeting.scrollIntoViewIfNeeded();
    await greeting.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Branch from here' }).click();
    await expect.poll(() => bubbles(page).count(), { timeout: 15_000 }).toBe(1);
    await branchButton(page).getByText('Branch 3 of 3').waitFor({ timeout: 10_000 });
    await screenshot(page, 'branches-header-390');

    // The list at 390 px, each branch saying where it came from; delete Branch 2 with a confirmation.
    await branchButton(page).click();
    const list = branches.getByTestId('branch-list');
    await list.waitFor({ state: 'visible' });
    expect(await branches.getByTestId('branch-tree').isVisible()).toBe(false);
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(3);
    expect(await items.nth(1).innerText()).toMatch(/Branch 2 · from Main/);
    await screenshot(page, 'branches-list-390');
    await list.getByRole('button', { name: 'Delete Branch 2' }).click();
    const confirm = dialog(page, 'Delete Branch 2?');
    await confirm.waitFor();
    await screenshot(page, 'branches-delete-390');
    await confirm.getByRole('button', { name: 'Delete branch' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    expect(await items.allInnerTexts()).toEqual([expect.stringContaining('Main'), expect.stringContaining('Branch 2')]);
    // The deleted branch is gone for good: opening it answers "not found".
    const gone = await fetch(`${h.server.url}/api/chat/${characterId}?conversationId=${branchId}`, {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(gone.status).toBe(404);
    await screenshot(page, 'branches-after-delete-390');
    expectClean(p, 'branches on a phone');
    await p.context.close();
  }, 180_000);
});
