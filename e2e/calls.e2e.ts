// A call in Chromium against the real server (#42.4): the loopback speech peer (espeak-ng speaks, pocketsphinx
// listens), a local OpenAI-compatible model peer, and a fake microphone playing one espeak-ng WAV with three things
// said, silences between. Three turns run; the second reply is long and still being spoken when the third utterance
// starts, so the character is stopped (barge-in): its reply is saved incomplete and the page stops its audio. The
// turns are the chat's messages afterwards. Screenshots at 1280 and 390 px.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { api, type AuthResponse, type ChatSession } from '@reverie/shared';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import type { Locator } from 'playwright-core';
import { espeakWav, type SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import type { OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, screenshot, type Harness } from './harness.ts';
import { startVoiceJourney } from './voice-journey.ts';

const PHRASES = ['hello world the weather is nice today', 'please tell me a story about the dragon', 'open the door of the castle'];
const LONG_REPLY = [
  'Once upon a time, a dragon slept under the castle.',
  ' Every night it dreamed of gold and fire.',
  ' The villagers whispered its name in the dark.',
  ' One winter a girl walked down the stairs alone.',
  ' She carried a lamp and a loaf of bread.',
  ' The dragon opened one eye and watched her.',
  ' Nobody had ever brought it bread before.',
  ' So it listened while she told it about the village.',
];

/** What the person said last in a chat completion request (its last user message's text). */
function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role?: string; content?: unknown }>;
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof last === 'string' ? last : JSON.stringify(last ?? '');
}

/** One WAV: a second of quiet, then each phrase followed by the silence given (seconds). */
async function threeUtterances(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const [i, p] of PHRASES.entries()) {
    const file = path.join(dir, `u${i}.wav`);
    await writeFile(file, await espeakWav(p, 'en-us+m1'));
    parts.push(file);
  }
  const out = path.join(dir, 'call.wav');
  // The silences leave room for a slow machine: a turn must be answered and spoken before the next utterance (16 s; a
  // CI run at load 8–10 took 7.8 s to think of the first reply, and 10 s was too short), the long reply must be
  // speaking when the third begins (8 s: it speaks for longer), and nothing more is said until the test has hung up
  // (20 s; the fake microphone plays the file in a loop).
  const pads = [16, 8, 20];
  // Input 0 is the quiet before; inputs 1–3 the phrases, each padded with its silence.
  const filters = pads.map((pad, i) => `[${i + 1}]aresample=22050,apad=pad_dur=${pad}[p${i}]`).join(';');
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-t', '1.2', '-i', 'anullsrc=r=22050:cl=mono'],
    ...parts.flatMap((f) => ['-i', f]),
    '-filter_complex',
    `${filters};[0][p0][p1][p2]concat=n=4:v=0:a=1`,
    ...['-ac', '1', '-ar', '22050', out],
  ]);
  return out;
}

describeE2E('calls: three turns and a barge-in', () => {
  const h = {} as Harness;
  let peer: SpeechPeer;
  let llm: OpenAiPeer;
  let auth: AuthResponse;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    const wav = await threeUtterances(await mkdtemp(path.join(os.tmpdir(), 'calls-e2e-')));
    ({ peer, llm } = await startVoiceJourney(h, { phrases: PHRASES, wav }));
    auth = await registerReadyUser(h, { email: `calls_${suffix}@example.com`, username: `calls_${suffix}`, password: 'ring-ring-42' });
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await llm?.close();
  });

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ] as const) {
    it(`runs a call of three turns, stops the character when spoken over, and keeps the turns in the chat (${width} px)`, async () => {
      const token = auth.accessToken;
      const character = await apiCall(h, api.characters.create, {
        token,
        body: { name: `Wren ${width}`, description: 'A storyteller.', greeting: 'Hello, traveller.', tags: ['female', 'fantasy', 'sfw'] },
      });
      const p = await pageWithSession(h, auth, viewport);
      const { page, context } = p;
      // A journey that fails leaves no call open behind it (one call per user: the next viewport's would be refused).
      onTestFinished(() => context.close().catch(() => undefined));
      await context.grantPermissions(['microphone']);
      await context.addInitScript(() => {
        const w = window as unknown as { callLog: string[] };
        w.callLog = [];
        const at = () => (performance.now() / 1000).toFixed(1);
        let last = '';
        new MutationObserver(() => {
          const now = document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '';
          if (now !== last) w.callLog.push(`${at()} ${(last = now)}`);
        }).observe(document, { subtree: true, childList: true, characterData: true });
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
          w.callLog.push(`${at()} play`);
          this.addEventListener('ended', () => w.callLog.push(`${at()} ended`));
          this.addEventListener('pause', () => w.callLog.push(`${at()} pause`));
          return play.call(this);
        };
      });
      // What the microphone sends up the socket: each utterance as 16 kHz mono PCM in a WAV (lib/pcm.ts), which the
      // server reads without a decoder.
      const sent: Buffer[] = [];
      page.on('websocket', (ws) => ws.on('framesent', (f) => typeof f.payload !== 'string' && sent.push(f.payload)));
      await page.goto(`/chat/${character.id}`);
      const call = page.getByRole('button', { name: /^Call Wren \d+ \(free, \d+ minutes left today\)$/ });
      await call.waitFor({ timeout: 20_000 });
      await call.click();
      const screen = page.getByRole('dialog', { name: `Wren ${width}` });
      await screen.getByText(/^Each minute: free, \d+ minutes left today$/).waitFor();
      await screenshot(page, `calls-start-${width}`);

      const requests = llm.requests.length;
      // Each reply is chosen by what was heard last, so a slow machine cannot hand one turn another's reply.
      llm.behave((body) => {
        const heard = lastUserText(body);
        if (heard.includes(PHRASES[1]!)) return { kind: 'reply', parts: LONG_REPLY, delayMs: 1200 };
        if (heard.includes(PHRASES[2]!)) return { kind: 'reply', parts: ['The door creaks open.'] };
        return { kind: 'reply', parts: ['The weather is lovely.'] };
      });
      await screen.getByRole('button', { name: 'Start call' }).click();
      const status = screen.getByRole('status');
      // Every wait says, when it fails, what the call screen showed and what it went through.
      const see = (what: Locator) =>
        what.waitFor({ timeout: 60_000 }).catch(async (err: Error) => {
          await screenshot(page, `calls-failed-${width}`);
          const log = await page.evaluate(() => (window as unknown as { callLog: string[] }).callLog.join('\n'));
          throw new Error(`${err.message}\nthe screen said: ${await screen.innerText()}\n${log}`);
        });
      await see(status.filter({ hasText: 'Listening' }));
      // Turn 1: heard, answered, spoken.
      await see(screen.getByText(PHRASES[0]!));
      await see(status.filter({ hasText: 'Speaking…' }));
      // Turn 2: a long story, spoken while it is written…
      await see(screen.getByText(PHRASES[1]!));
      await see(status.filter({ hasText: 'Speaking…' }));
      await screenshot(page, `calls-speaking-${width}`);
      // …until the third utterance starts: the character stops where it was.
      await see(screen.getByText('(stopped)'));
      await see(screen.getByText(PHRASES[2]!));
      await see(screen.getByText('The door creaks open.'));
      await see(status.filter({ hasText: 'Listening' }));
      await screenshot(page, `calls-after-barge-in-${width}`);
      await screen.getByRole('button', { name: 'Hang up' }).click();
      await status.filter({ hasText: 'Call ended' }).waitFor();

      // The model was asked three times; the second request was cut off before its story ended.
      expect(llm.requests.length - requests).toBe(3);
      expect(llm.requests[requests + 1]?.closedAt).toBeDefined();
      const session = await apiCall(h, api.chat.session, { token, params: { characterId: character.id } });
      const turns = (session as ChatSession).messages.filter((m) => m.role === 'user' || m.content !== 'Hello, traveller.');
      expect(turns.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
        ['user', 'complete'],
        ['assistant', 'incomplete'],
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(turns.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(PHRASES);
      expect(turns[3]!.content.length).toBeLessThan(LONG_REPLY.join('').length);
      expect(sent.length).toBeGreaterThanOrEqual(3);
      for (const wav of sent) {
        expect([wav.toString('latin1', 0, 4), wav.toString('latin1', 8, 12), wav.readUInt16LE(22), wav.readUInt32LE(24)]).toEqual([
          'RIFF',
          'WAVE',
          1,
          16_000,
        ]);
        expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
      }

      // Closed: the chat shows the call's turns as its messages.
      await screen.getByRole('button', { name: 'Close' }).click();
      await page.getByText('The door creaks open.').waitFor({ timeout: 20_000 });
      await screenshot(page, `calls-chat-after-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page fits ${width} px`).toBeLessThanOrEqual(width);
      expect(p.problemList()).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
