// Voice in Chromium against the real server, with the loopback speech peer (espeak-ng speaks, pocketsphinx listens)
// and a fake microphone playing an espeak-ng WAV: the greeting is read aloud (audio elements played, sentence by
// sentence), hold-to-talk fills the composer with the words, the price is said first; screenshots at 390 and 1280 px.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type AuthResponse } from '@reverie/shared';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { espeakWav, startSpeechPeer, type SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { apiCall, DESKTOP, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { chromiumPath, describeE2E, screenshot, startServer, type Harness } from './harness.ts';

const SHOTS = process.env.VOICE_SHOTS_DIR;
const PHRASES = ['hello world the weather is nice today', 'please tell me a story about the dragon'];

describeE2E('voice: Listen and the microphone', () => {
  const h = {} as Harness;
  let peer: SpeechPeer;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startSpeechPeer({ phrases: PHRASES });
    const wav = path.join(os.tmpdir(), `voice-e2e-${process.pid}.wav`);
    await writeFile(wav, await espeakWav('hello world. the weather is nice today', 'en-us+m1'));
    h.server = await startServer({
      env: {
        SPEECH_PROVIDER: 'openai',
        SPEECH_URL: peer.url,
        SPEECH_VOICE: 'en-us',
        TRANSCRIPTION_PROVIDER: 'openai',
        TRANSCRIPTION_URL: peer.url,
      },
    });
    h.browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}%noloop`,
      ],
    });
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
  });

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ] as const) {
    it(`reads the greeting aloud and turns held speech into the composer's text (${width} px)`, async () => {
      const p = await pageWithSession(h, auth, viewport);
      const { page, context } = p;
      await context.grantPermissions(['microphone']);
      await context.addInitScript(() => {
        const w = window as unknown as { played: string[] };
        w.played = [];
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
          w.played.push(this.src);
          return play.call(this);
        };
      });
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
      const box = await mic.boundingBox();
      await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await page.mouse.down();
      await page.getByRole('button', { name: 'Recording: release to send' }).waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chat-recording-${width}.png`) });
      await page.waitForTimeout(4500);
      await page.mouse.up();
      const composer = page.getByLabel('Message Wren Hollow');
      await expect.poll(() => composer.inputValue(), { timeout: 30_000 }).toContain('weather');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `chat-transcript-${width}.png`) });
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
    await p.page.setViewportSize(MOBILE);
    await p.page.locator('#voice').scrollIntoViewIfNeeded();
    await screenshot(p.page, 'voice-settings-390');
    await p.page.setViewportSize(DESKTOP);
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
});
