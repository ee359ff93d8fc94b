import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/chat/{characterId}/message/{messageId}/speech: one sentence of a saved reply as audio. */
export async function speakSentence(input: {
  characterId: string;
  messageId: string;
  playId: string;
  sentence: number;
  signal?: AbortSignal;
}) {
  const { characterId, messageId, playId, sentence, signal } = input;
  return (await apiRequest(api.voice.speakMessage, {
    params: { characterId, messageId },
    body: { playId, sentence },
    responseType: 'blob',
    signal,
  })) as Blob;
}

/** POST /api/voice/preview: a sample line in a voice. */
export async function previewVoice(voice: string): Promise<Blob> {
  return (await apiRequest(api.voice.preview, { body: { voice }, responseType: 'blob' })) as Blob;
}
