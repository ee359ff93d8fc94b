// A call through the cluster (#42): the WebSocket upgrade through nginx, one call per user across both processes (the
// lease is in Redis), a turn heard, answered aloud and saved where both processes read it. The speech server is the
// loopback peer (espeak-ng speaks, pocketsphinx hears).
import { api, callPath } from '@reverie/shared';
import { expect } from 'vitest';
import { ALREADY_IN_CALL } from '../apps/server/src/modules/calls/call-admission.ts';
import { openCall, type CallClient } from '../apps/server/src/modules/calls/test/call-client.ts';
import { espeakWav, startSpeechPeer, type SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { buyCoins, createCharacter, signUp } from './actors.ts';
import type { Cluster } from './cluster.ts';

const PHRASE = 'hello world the weather is nice today';

/** The speech peer, and the settings that point both processes at it. */
export async function startCallSpeech(): Promise<{ speech: SpeechPeer; env: Record<string, string> }> {
  const speech = await startSpeechPeer({ phrases: [PHRASE, 'please tell me a story about the dragon'] });
  const env = {
    SPEECH_PROVIDER: 'openai',
    SPEECH_URL: speech.url,
    SPEECH_VOICE: 'en-us',
    TRANSCRIPTION_PROVIDER: 'openai',
    TRANSCRIPTION_URL: speech.url,
  };
  return { speech, env };
}

/** Opens a call and signs it in; resolves once it is ready. */
async function ring(url: string, token: string): Promise<CallClient> {
  const call = await openCall(url);
  const ready = call.next('ready');
  call.send({ type: 'auth', token });
  await ready;
  return call;
}

async function hangUp(call: CallClient): Promise<void> {
  call.send({ type: 'hang-up' });
  await call.closed;
}

export async function callThroughNginx(c: Cluster): Promise<void> {
  const creator = await signUp(c.proxy, 'voice');
  const character = await createCharacter(creator, c.proxy, `Echo ${Date.now().toString(36)}`);
  const p = await signUp(c.proxy, 'caller');
  await buyCoins(p, c.proxy, 20);
  const wsUrl = (port: number) => `ws://127.0.0.1:${port}${callPath(character.id)}`;
  // The WebSocket upgrade through the proxy (its own location block), then the token.
  const call = await ring(wsUrl(c.proxy.port), p.token);
  // The same user on either process: refused, the lease being in Redis.
  for (const t of [c.direct.a, c.direct.b]) {
    const again = await openCall(wsUrl(t.port));
    const refused = again.next('error');
    again.send({ type: 'auth', token: p.token });
    expect(await refused, `a second call on ${t.name}`).toMatchObject({ message: ALREADY_IN_CALL, fatal: true });
    await again.closed;
  }
  c.llm.behave({ kind: 'reply', parts: ['The sea is calm tonight.', ' Come and sit by the lamp.'] });
  const transcript = call.next('transcript', 60_000);
  const end = call.next('turn-end', 60_000);
  call.ws.send(await espeakWav(PHRASE));
  expect((await transcript).text).toBe(PHRASE);
  expect(await end).toMatchObject({ status: 'complete', interrupted: false });
  // Each sentence spoken as MP3, the AI mark (an ID3 tag) first.
  expect(call.audio().map((a) => a.subarray(0, 3).toString('latin1'))).toEqual(['ID3', 'ID3']);
  await hangUp(call);
  // nginx switched protocols for it (the access log line is written when the socket closes).
  const upgraded = async () => (await c.nginx.accessLog()).filter((l) => l.includes(` 101 GET ${callPath(character.id)}`)).length;
  await expect.poll(upgraded).toBe(1);
  for (const t of [c.direct.a, c.direct.b]) {
    const session = await p.client.ok(t, api.chat.session, { params: { characterId: character.id }, token: p.token });
    expect(session.messages.slice(-2).map((m) => [m.role, m.content])).toEqual([
      ['user', PHRASE],
      ['assistant', 'The sea is calm tonight. Come and sit by the lamp.'],
    ]);
  }
  // Hung up: a new call is let in on the other process at once.
  await hangUp(await ring(wsUrl(c.direct.b.port), p.token));
}
