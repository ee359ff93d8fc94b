// What the voice journeys share (voice.e2e.ts, calls.e2e.ts): the loopback speech peer (espeak-ng speaks, pocketsphinx
// listens) and model peer, a server using both for speech, transcription and chat, and Chromium whose fake microphone
// plays `wav` once (and whose audio may play without a gesture).
import { startSpeechPeer, type SpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { launchBrowser, startServer, type Harness } from './harness.ts';

export async function startVoiceJourney(h: Harness, o: { phrases: string[]; wav: string }): Promise<{ peer: SpeechPeer; llm: OpenAiPeer }> {
  const peer = await startSpeechPeer({ phrases: o.phrases });
  const llm = await startOpenAiPeer();
  h.server = await startServer({
    env: {
      SPEECH_PROVIDER: 'openai',
      SPEECH_URL: peer.url,
      SPEECH_VOICE: 'en-us',
      TRANSCRIPTION_PROVIDER: 'openai',
      TRANSCRIPTION_URL: peer.url,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'peer-model',
    },
  });
  h.browser = await launchBrowser([
    '--autoplay-policy=no-user-gesture-required',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${o.wav}%noloop`,
  ]);
  return { peer, llm };
}
