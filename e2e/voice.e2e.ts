// Voice in Chromium against the real server, with the loopback speech peer (espeak-ng speaks, pocketsphinx listens)
// and a fake microphone playing an espeak-ng WAV: the greeting is read aloud (audio elements played, sentence by
// sentence), hold-to-talk fills the composer with the words, the price is said first; a group chat's replies are read
// each in its member's voice, by Listen and by auto-play (replies from a local OpenAI-compatible model peer);
// screenshots at 390 and 1280 px.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type AuthResponse } from '@reverie/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { espeakWav, type SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import type { OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, screenshot, type Harness } from './harness.ts';
import { startVoiceJourney } from './voice-journey.ts';

const SHOTS = process.env.VOICE_SHOTS_DIR;
const PHRASES = ['hello world the weather is nice today', 'please tell me a story about the dragon'];

/**
 * The format of each recording the page uploads to be transcribed: each must be what the microphone records
 * (features/voice/lib/recorder.ts), 16 kHz mono 16-bit PCM in a WAV, which the server reads without a decoder.
 */
async function uploadsOf(page: Page): Promise<{ formats: () => string[] }> {
  const formats: string[] = [];
  // Routed, not only watched: a request event does not carry a binary body; an intercepted request does.
  await page.route('**/api/voice/transcriptions**', (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    const at = body.indexOf('RIFF');
    const wav = at >= 0 && body.toString('latin1', at + 8, at + 12) === 'WAVE';
    formats.push(
      wav ? `wav ${body.readUInt16LE(at + 22)} ch ${body.readUInt32LE(at + 24)} Hz ${body.readUInt16LE(at + 34)} bit` : 'not wav',
    );
    return route.continue();
  });
  return { formats: () => formats };
}

describeE2E('voice: Listen and the microphone', () => {
  const h = {} as Harness;
  let peer: SpeechPeer;
  let llm: OpenAiPeer;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    const wav = path.join(os.tmpdir(), `voice-e2e-${process.pid}.wav`);
    await writeFile(wav, await espeakWav('hello world. the weather is nice today', 'en-us+m1'));
    ({ peer, llm } = await startVoiceJourney(h, { phrases: PHRASES, wav }));
    auth = await registerReadyUser(h, { email: `voice_${suffix}@example.com`, username: `voice_${suffix}`, password: 'speak-up-42' });
    const character = await apiCall(h, api.characters.create, {
      token: auth.accessToken,
      body: {
        name: 'Wren Hollow',
        description: 'A storyteller by the fire.',
        greeting: '*Wren pokes the fire.* Hello there, traveller. Sit down and rest a while.',
        tags: ['female', 'fantasy', 'sfw'],
        voice: 'en-us+f2',
      },
    });
    characterId = character.id;
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await llm?.close();
  });

  /** Counts the audio elements the page plays (`window.played`). */
  const recordPlays = (context: BrowserContext) =>
    context.addInitScript(() => {
      const w = window as unknown as { played: string[] };
      w.played = [];
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        w.played.push(this.src);
        return play.call(this);
      };
    });
  const spokenSince = (n: number) =>
    peer.requests
      .filter((r) => r.path === '/v1/audio/speech')
      .slice(n)
      .map((r) => r.body as { input: string; voice: string });
  const speechCount = () => peer.requests.filter((r) => r.path === '/v1/audio/speech').length;

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ] as const) {
    it(`reads the greeting aloud and turns held speech into the composer's text (${width} px)`, async () => {
      const p = await pageWithSession(h, auth, viewport);
      const { page, context } = p;
      await context.grantPermissions(['microphone']);
      await recordPlays(context);
      await page.goto(`/chat/${characterId}`);
      const listen = page.getByRole('button', { name: /^Listen \(free, \d+ left today\)$/ }).first();
      await listen.waitFor({ timeout: 20_000 });
      const mic = page.getByRole('button', { name: /^Hold to talk \(free, \d+ left today\)$/ });
      await mic.waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chat-listen-mic-${width}.png`) });
      await screenshot(page, `voice-chat-${width}`);

      const before = peer.requests.filter((r) => r.path === '/v1/audio/speech').length;
      await listen.click();
      // Two sentences ("Hello there, traveller." "Sit down and rest a while."), the action left out, in Wren's voice.
      const played = () => page.evaluate(() => (window as unknown as { played: string[] }).played.length);
      await expect
        .poll(played, { timeout: 30_000 })
        .toBe(2)
        .catch(async (err: Error) => {
          const media = await page.evaluate(() =>
            Array.from(document.querySelectorAll('audio')).map(
              (a) => `${a.error?.message ?? ''} ${a.paused} ${a.currentTime}/${a.duration}`,
            ),
          );
          throw new Error(`${err.message}; alerts: ${(await page.getByRole('alert').allTextContents()).join(' | ')}; media: ${media}`);
        });
      const spoken = peer.requests.filter((r) => r.path === '/v1/audio/speech').slice(before);
      expect(spoken.map((r) => r.body)).toEqual([
        expect.objectContaining({ input: 'Hello there, traveller.', voice: 'en-us+f2' }),
        expect.objectContaining({ input: 'Sit down and rest a while.', voice: 'en-us+f2' }),
      ]);

      // Hold to talk for the length of the fake recording, then release: the words fill the composer.
      const uploads = await uploadsOf(page);
      const box = await mic.boundingBox();
      await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await page.mouse.down();
      await page.getByRole('button', { name: /^Hold to talk/, pressed: true }).waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chat-recording-${width}.png`) });
      await page.waitForTimeout(4500);
      await page.mouse.up();
      const composer = page.getByLabel('Message Wren Hollow');
      await expect.poll(() => composer.inputValue(), { timeout: 30_000 }).toContain('weather');
      expect(uploads.formats()).toEqual(['wav 1 ch 16000 Hz 16 bit']);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chat-transcript-${width}.png`) });
      expect(p.problemList()).toEqual([]);
      await context.close();
    }, 120_000);
  }

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ] as const) {
    it(`listens hands-free: what is said goes into the composer without a press, until it is turned off (${width} px)`, async () => {
      const p = await pageWithSession(h, auth, viewport);
      const { page, context } = p;
      await context.grantPermissions(['microphone']);
      await page.goto(`/chat/${characterId}`);
      const start = page.getByRole('button', {
        name: /^Hands-free listening \(free, \d+ left today each time you speak\)$/,
        pressed: false,
      });
      await start.waitFor({ timeout: 20_000 });
      const transcriptions = () => peer.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
      const before = transcriptions();
      const uploads = await uploadsOf(page);
      await start.click();
      // The fake microphone says its sentence once, then is silent: voice activity hears it start and end.
      await page.getByRole('status').filter({ hasText: 'Hearing you…' }).waitFor({ timeout: 15_000 });
      await screenshot(page, `voice-hands-free-hearing-${width}`);
      const composer = page.getByLabel('Message Wren Hollow');
      await expect.poll(() => composer.inputValue(), { timeout: 30_000 }).toContain('weather');
      await page.getByRole('status').filter({ hasText: 'Listening' }).waitFor({ timeout: 15_000 });
      await screenshot(page, `voice-hands-free-${width}`);
      // One utterance, one transcription: the silence after it is not sent.
      await page.waitForTimeout(2000);
      expect(transcriptions() - before).toBe(1);
      expect(uploads.formats()).toEqual(['wav 1 ch 16000 Hz 16 bit']);
      const stop = page.getByRole('button', { name: /^Hands-free listening/, pressed: true });
      expect(await stop.getAttribute('aria-pressed')).toBe('true');
      await stop.click();
      await start.waitFor();
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /Listening|Hearing/ })
          .count(),
      ).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `the composer fits ${width} px`).toBeLessThanOrEqual(width);
      expect(p.problemList()).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('shows the voice settings (390 and 1280 px) and the voice picker (1280 px)', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    await p.page.goto('/settings#voice');
    await p.page.getByRole('switch', { name: 'Read replies aloud as they arrive' }).waitFor({ timeout: 20_000 });
    await p.page.locator('#voice').scrollIntoViewIfNeeded();
    if (SHOTS) await p.page.screenshot({ path: path.join(SHOTS, 'settings-voice-1280.png') });
    await screenshot(p.page, 'voice-settings-1280');
    // Chromium has a recogniser of its own (webkitSpeechRecognition): the opt-in is offered, off until chosen.
    const browserSwitch = p.page.getByRole('switch', { name: "Use this browser's speech recognition" });
    expect(await browserSwitch.getAttribute('aria-checked')).toBe('false');
    await browserSwitch.click();
    await expect.poll(() => browserSwitch.getAttribute('aria-checked')).toBe('true');
    await p.page.setViewportSize(MOBILE);
    await p.page.locator('#voice').scrollIntoViewIfNeeded();
    await screenshot(p.page, 'voice-settings-390');
    await p.page.setViewportSize(DESKTOP);
    // Chosen: hold-to-talk is heard by the browser (its service is Google's, out of reach here: a stand-in with the
    // same interface answers) and nothing is uploaded.
    await p.context.addInitScript(() => {
      class StandIn {
        onresult: ((e: unknown) => void) | null = null;
        onerror: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {}
        abort() {}
        stop() {
          const results = [{ isFinal: true, 0: { transcript: 'hello from the browser' } }];
          this.onresult?.({ resultIndex: 0, results });
          this.onend?.();
        }
      }
      const w = window as unknown as { SpeechRecognition: unknown; webkitSpeechRecognition: unknown };
      w.SpeechRecognition = StandIn; // Chromium has both names
      w.webkitSpeechRecognition = StandIn;
    });
    const uploadsBefore = peer.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;
    await p.page.goto(`/chat/${characterId}`);
    const mic = p.page.getByRole('button', { name: "Hold to talk (free, this browser's recognition)" });
    await mic.waitFor({ timeout: 20_000 });
    await mic.focus();
    await p.page.keyboard.press('Enter');
    await p.page.getByRole('button', { name: /^Hold to talk/, pressed: true }).waitFor();
    await p.page.keyboard.press('Enter');
    await expect.poll(() => p.page.getByLabel('Message Wren Hollow').inputValue(), { timeout: 10_000 }).toBe('hello from the browser');
    await screenshot(p.page, 'voice-browser-recognition-1280');
    expect(peer.requests.filter((r) => r.path === '/v1/audio/transcriptions').length).toBe(uploadsBefore);
    // The classic creator editing Wren: the voice the creator chose, with its preview.
    await p.page.goto(`/create-character-old?edit=${characterId}`);
    const voice = p.page.locator('[data-field="voice"] select');
    await voice.waitFor({ timeout: 30_000 }).catch(async (err: Error) => {
      await screenshot(p.page, 'voice-creator-missing');
      throw err;
    });
    await expect.poll(() => voice.inputValue(), { timeout: 20_000 }).toBe('en-us+f2');
    await voice.scrollIntoViewIfNeeded();
    if (SHOTS) await p.page.screenshot({ path: path.join(SHOTS, 'creator-voice-1280.png') });
    await p.page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => peer.requests.filter((r) => r.path === '/v1/audio/speech').at(-1)?.body).toMatchObject({ voice: 'en-us+f2' });
    expect(p.problemList()).toEqual([]);
    await p.context.close();
  }, 150_000);

  it("reads a group chat's replies each in its member's voice: Listen and auto-play (1280 and 390 px)", async () => {
    const token = auth.accessToken;
    const member = async (name: string, voice: string) =>
      (
        await apiCall(h, api.characters.create, {
          token,
          body: { name, description: 'Sits by the fire.', greeting: 'Hello.', tags: ['male', 'fantasy', 'sfw'], voice },
        })
      ).id;
    const oren = await member('Oren Ashford', 'en-us+m1');
    const bree = await member('Bree Marsh', 'en-gb');
    const session = await apiCall(h, api.groups.create, {
      token,
      body: { name: 'Fireside circle', characterIds: [characterId, oren, bree] },
    });
    const groupId = session.group.id;
    const speak = async (who: string, line: string) => {
      llm.behave({ kind: 'reply', parts: [line] });
      return (await apiCall(h, api.groups.speak, { token, params: { id: groupId }, body: { characterId: who } })).reply.id;
    };
    const orensReply = await speak(oren, '*Oren leans back.* The night is long. Tell us a tale.');
    const breesReply = await speak(bree, 'Hello world. The weather is nice today.');

    const p = await pageWithSession(h, auth, DESKTOP);
    const { page, context } = p;
    await recordPlays(context);
    await page.goto(`/group/${groupId}`);
    const listenIn = (messageId: string) =>
      page.locator(`[data-message-id="${messageId}"]`).getByRole('button', { name: /^Listen \(free, \d+ left today\)$/ });
    await listenIn(breesReply).waitFor({ timeout: 20_000 });
    await listenIn(orensReply).waitFor();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'group-listen-1280.png') });
    await screenshot(page, 'voice-group-1280');
    const played = () => page.evaluate(() => (window as unknown as { played: string[] }).played.length);

    // Listen on Bree's reply, then Oren's: each in the voice its creator chose (the action left out).
    let before = speechCount();
    await listenIn(breesReply).click();
    await expect.poll(played, { timeout: 30_000 }).toBe(2);
    await listenIn(orensReply).click();
    await expect.poll(played, { timeout: 30_000 }).toBe(4);
    expect(spokenSince(before)).toEqual([
      expect.objectContaining({ input: 'Hello world.', voice: 'en-gb' }),
      expect.objectContaining({ input: 'The weather is nice today.', voice: 'en-gb' }),
      expect.objectContaining({ input: 'The night is long.', voice: 'en-us+m1' }),
      expect.objectContaining({ input: 'Tell us a tale.', voice: 'en-us+m1' }),
    ]);

    // Auto-play: "Let Wren speak" and her new reply is read as it is saved, in Wren's voice.
    await apiCall(h, api.voice.updateSettings, { token, body: { autoPlay: true } });
    await page.reload();
    await listenIn(breesReply).waitFor({ timeout: 20_000 });
    before = speechCount();
    llm.behave({ kind: 'reply', parts: ['*Wren smiles.*', ' Please tell me a story about the dragon.'] });
    await page.getByRole('button', { name: 'Let Wren Hollow speak' }).click();
    await expect
      .poll(() => spokenSince(before), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ input: 'Please tell me a story about the dragon.', voice: 'en-us+f2' })]);
    await expect.poll(played, { timeout: 30_000 }).toBe(1);
    await apiCall(h, api.voice.updateSettings, { token, body: { autoPlay: false } });

    await page.setViewportSize(MOBILE);
    await listenIn(breesReply).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'group-listen-390.png') });
    await screenshot(page, 'voice-group-390');
    expect(p.problemList()).toEqual([]);
    await context.close();
  }, 150_000);
});
