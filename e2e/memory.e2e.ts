// Memory that recalls (issue 41) against the real server and Chromium: a fact said early in a long chat, far outside
// the context window, is recalled into a later reply's prompt; "Why this reply" lists it with its date, score and why;
// the recall switch in the memory panel turns it off and the next prompt goes without. The journal of memories: one
// added, edited and forgotten in the panel, and the prompt and the inspector following it. Chat replies come from a local
// OpenAI-compatible peer (which shows each prompt); embeddings from the real llama.cpp server (`llama-server
// --embeddings`) on the tiny self-made GGUF when the binary is there, else recall works by words only.
import { api, type AuthResponse } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { llamaServerBinary, startLlamaServer, type LlamaServer } from '../apps/server/test/llama-server.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { importLighthouseCard } from './fixtures/lighthouse-card.ts';
import { apiCall, DESKTOP, dialog, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const FACT = 'By the way, my cat is called Miso and she sleeps on the piano.';

describeE2E('memory that recalls (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let embeddings: LlamaServer | undefined;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['*She nods*', ' and keeps the lamp trimmed.'] });
    if (llamaServerBinary) embeddings = await startLlamaServer(tinyModelPath(1), ['--embeddings', '--pooling', 'mean', '-c', '512']);
    const embeddingEnv: Record<string, string> = embeddings
      ? { EMBEDDING_PROVIDER: 'openai', EMBEDDING_BASE_URL: `${embeddings.baseUrl}/v1`, EMBEDDING_MODEL: 'tiny' }
      : { EMBEDDING_PROVIDER: 'off' };
    h.server = await startServer({ env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', ...embeddingEnv } });
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, {
      email: `rememberer_${suffix}@example.com`,
      username: `rem_${suffix}`,
      password: 'miso-on-piano-42',
    });
    characterId = await importLighthouseCard(h, auth);
    // A long chat: the fact, then more than the free plan's 20 messages of history.
    await apiCall(h, api.chat.send, { params: { characterId }, body: { content: FACT }, token: auth.accessToken });
    for (let i = 1; i <= 12; i++) {
      await apiCall(h, api.chat.send, {
        params: { characterId },
        body: { content: `The tide was high on evening ${i}.` },
        token: auth.accessToken,
      });
    }
  }, 180_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await embeddings?.stop();
  });

  /** The last reply's system prompt (the summary job asks the model server too: its requests are skipped). */
  const lastSystem = () => {
    const replies = peer.requests.filter((r) => JSON.stringify(r.body.messages).includes('fictional roleplay chat'));
    const messages = replies.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    return messages.find((m) => m.role === 'system')!.content;
  };

  /** The chat at 1280 px, and `send`: a message typed and sent, once its reply has come. */
  const openChat = async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Juniper Vale');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    const send = async (text: string) => {
      const asked = peer.requests.length;
      const replies = await page.getByTestId('message-assistant').count();
      await composer.fill(text);
      await untilSendIsOn(page);
      await composer.press('Enter');
      await expect.poll(() => peer.requests.length, { timeout: 20_000 }).toBeGreaterThan(asked);
      await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 20_000 }).toBeGreaterThan(replies - 1);
      await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });
    };
    return { p, page, send };
  };

  it('recalls an early fact into a later reply, shows it in "Why this reply", and the switch turns recall off (1280 and 390 px)', async () => {
    const { p, page, send } = await openChat();

    await send('Do you remember what my cat is called?');
    expect(lastSystem()).toContain('Recalled from earlier in this conversation:');
    expect(lastSystem()).toContain('Miso');

    await page.getByTestId('message-assistant').last().hover();
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'Why this reply' }).click();
    const inspector = dialog(page, 'Why this reply');
    const recalled = inspector.getByTestId('inspector-recalled');
    await recalled.waitFor({ timeout: 15_000 });
    await recalled.getByText(FACT).waitFor();
    await recalled
      .getByText(/^by (words|words and meaning)$/)
      .first()
      .waitFor();
    await recalled.scrollIntoViewIfNeeded();
    await screenshot(page, 'memory-inspector-recalled-1280');
    await inspector.getByRole('button', { name: 'Close' }).click();
    await inspector.waitFor({ state: 'hidden' });

    // The memory beside the chat at 1280 px: recall off for this conversation.
    const aside = page.getByRole('complementary', { name: 'Memory' });
    const toggle = aside.getByRole('switch', { name: 'Recall' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.getByText('Recall is off', { exact: true }).waitFor();
    await screenshot(page, 'memory-recall-switch-1280');
    await send('Do you remember what my cat is called?');
    expect(lastSystem()).not.toContain('Recalled from earlier');

    // On a phone: the memory dialog with the switch (on again), then the inspector sheet with the recalled passage.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Rate Juniper Vale, export or import a chat' }).click();
    await page.getByRole('menuitem', { name: 'Memory' }).click();
    const memory = dialog(page, 'Memory');
    const phoneToggle = memory.getByRole('switch', { name: 'Recall' });
    await phoneToggle.click();
    await expect.poll(() => phoneToggle.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'memory-recall-switch-390');
    await memory.getByRole('button', { name: 'Close' }).click();
    await send('And what does my cat sleep on?');
    expect(lastSystem()).toContain('Miso');
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Why this reply' }).click();
    await recalled.waitFor({ timeout: 15_000 });
    await recalled.getByText(FACT).scrollIntoViewIfNeeded();
    await screenshot(page, 'memory-inspector-recalled-390');
    expectClean(p, 'memory recall');
  }, 180_000);

  it('keeps a journal the user adds to, edits and forgets; the prompt and "Why this reply" follow it (1280 and 390 px)', async () => {
    const { p, page, send } = await openChat();
    const aside = page.getByRole('complementary', { name: 'Memory' });
    const journal = aside.getByRole('region', { name: 'Journal' });
    await journal.getByText('No memories yet. Add one, or they will appear as you chat.').waitFor({ timeout: 15_000 });

    // Added by the user: it goes into the next prompt and "Why this reply" lists it.
    await journal.getByLabel('A memory to add').fill('You adopted a cat named Pip in March.');
    await journal.getByRole('button', { name: 'Add', exact: true }).click();
    const list = journal.getByRole('list', { name: 'Memories' });
    await list.getByText('You adopted a cat named Pip in March.').waitFor();
    await send('What should I buy for my cat?');
    expect(lastSystem()).toContain('You adopted a cat named Pip in March.');
    await page.getByTestId('message-assistant').last().hover();
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'Why this reply' }).click();
    const inspector = dialog(page, 'Why this reply');
    await inspector.getByTestId('inspector-journal').getByText('You adopted a cat named Pip in March.').waitFor({ timeout: 15_000 });
    await inspector.getByTestId('inspector-journal').scrollIntoViewIfNeeded();
    await screenshot(page, 'memory-journal-inspector-1280');
    await inspector.getByRole('button', { name: 'Close' }).click();

    // Edited: the next prompt has the new words, not the old ones.
    await list.getByRole('button', { name: 'Edit “You adopted a cat named Pip in March.”' }).click();
    const edit = list.getByLabel('Edit the memory');
    await edit.fill('You adopted a cat named Pip in April.');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByText('You adopted a cat named Pip in April.').waitFor();
    await screenshot(page, 'memory-journal-1280');
    await send('Is my cat settling in?');
    expect(lastSystem()).toContain('You adopted a cat named Pip in April.');
    expect(lastSystem()).not.toContain('in March.');

    // Forgotten, on a phone: the memory dialog's journal, the confirmation, and the prompt goes without it.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Rate Juniper Vale, export or import a chat' }).click();
    await page.getByRole('menuitem', { name: 'Memory' }).click();
    const memory = dialog(page, 'Memory');
    const phoneJournal = memory.getByRole('region', { name: 'Journal' });
    await phoneJournal.getByText('You adopted a cat named Pip in April.').scrollIntoViewIfNeeded();
    await screenshot(page, 'memory-journal-390');
    await phoneJournal.getByRole('button', { name: 'Forget “You adopted a cat named Pip in April.”' }).click();
    await dialog(page, 'Forget this memory?').getByRole('button', { name: 'Forget' }).click();
    await phoneJournal.getByText('No memories yet. Add one, or they will appear as you chat.').waitFor();
    await memory.getByRole('button', { name: 'Close' }).click();
    await send('Tell me about the lighthouse.');
    expect(lastSystem()).not.toContain('Pip');
    expectClean(p, 'the memory journal');
  }, 180_000);
});
