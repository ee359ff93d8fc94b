import {
  SpeakGroupMessageParams,
  SpeakMessageBody,
  SpeakMessageParams,
  SpeechAudio,
  SpeechSettings,
  TranscribeQuery,
  TranscriptionResponse,
  UpdateSpeechSettingsBody,
  VoicePreviewBody,
  VoicesResponse,
  VoiceStatusResponse,
} from '../schemas/voice.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['voice'] as const;

export const voiceEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/voice/status',
    response: VoiceStatusResponse,
    auth: 'optional',
    summary: 'Whether speech out and speech in are available, what they cost the caller now, and their settings',
    tags,
  }),
  voices: defineEndpoint({
    method: 'GET',
    path: '/api/voice/voices',
    response: VoicesResponse,
    errors: errorBodies(503),
    auth: 'none',
    summary: "The speech service's voices",
    tags,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/voice/preview',
    body: VoicePreviewBody,
    response: SpeechAudio,
    errors: errorBodies(429, 503),
    auth: 'required',
    summary: 'A short sample line in a voice (free, a few a minute), to choose a voice by ear',
    tags,
  }),
  speakMessage: defineEndpoint({
    method: 'POST',
    path: '/api/chat/:characterId/message/:messageId/speech',
    params: SpeakMessageParams,
    body: SpeakMessageBody,
    response: SpeechAudio,
    errors: errorBodies(402, 403, 404, 422, 429, 503),
    auth: 'required',
    summary: 'One sentence of a saved reply, spoken in the character’s voice (audio bytes)',
    description:
      'Only the stored reply is spoken, after the content policy passes it again. A Listen (`playId`) is one charge: ' +
      'free from the daily allowance, else coins (402 `{ cost, balance }` when short); a failed synthesis gives it back. ' +
      'The answer carries `x-speech-sentences`: how many sentences the reply has.',
    tags,
  }),
  speakGroupMessage: defineEndpoint({
    method: 'POST',
    path: '/api/groups/:id/message/:messageId/speech',
    params: SpeakGroupMessageParams,
    body: SpeakMessageBody,
    response: SpeechAudio,
    errors: errorBodies(402, 403, 404, 422, 429, 503),
    auth: 'required',
    summary: 'One sentence of a saved group chat reply, spoken in the voice of the member who wrote it (audio bytes)',
    description:
      'As the one-to-one Listen: only the stored reply is spoken, after the content policy passes it again, priced the ' +
      'same (one charge per `playId`, refunded on failure). The voice is the speaker’s: the user’s own choice for that ' +
      'character, else its creator’s; a speaker that no longer exists speaks in the service’s default voice. ' +
      'The answer carries `x-speech-sentences`.',
    tags,
  }),
  transcribe: defineEndpoint({
    method: 'POST',
    path: '/api/voice/transcriptions',
    query: TranscribeQuery,
    response: TranscriptionResponse,
    errors: errorBodies(402, 413, 415, 422, 429, 503),
    auth: 'required',
    multipart: true,
    summary: 'Turn a recording into text for the composer (the audio is not kept)',
    description:
      'Multipart field `file`: a recording (WebM/Opus, Ogg, WAV, MP3, M4A), checked by decoding it: at most the configured ' +
      'size and length. The transcript passes the content policy before it is returned. Charged like a spoken reply: ' +
      'free uses first, then coins; refunded when the recogniser fails.',
    tags,
  }),
  updateSettings: defineEndpoint({
    method: 'PATCH',
    path: '/api/voice/settings',
    body: UpdateSpeechSettingsBody,
    response: SpeechSettings,
    auth: 'required',
    summary: 'Your speech settings: auto-play, dialogue only, skip actions, your voice for a character',
    tags,
  }),
};
