import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** Whose reply is read: a one-to-one chat's (its character's voice) or a group chat's (its speaker's voice). */
export type SpeechSource = { characterId: string } | { groupId: string };

/**
 * One sentence of a saved reply as audio: POST /api/chat/{characterId}/message/{messageId}/speech, or for a group
 * chat POST /api/groups/{groupId}/message/{messageId}/speech.
 */
export async function speakSentence(input: {
  source: SpeechSource;
  messageId: string;
  playId: string;
  sentence: number;
  signal?: AbortSignal;
}) {
  const { source, messageId, playId, sentence, signal } = input;
  const request = { body: { playId, sentence }, responseType: 'blob', signal } as const;
  const blob =
    'groupId' in source
      ? await apiRequest(api.voice.speakGroupMessage, { ...request, params: { id: source.groupId, messageId } })
      : await apiRequest(api.voice.speakMessage, { ...request, params: { characterId: source.characterId, messageId } });
  return blob as Blob;
}

/** The source alone, from props that carry one (a component's `characterId` or `groupId`). */
export function speechSource(props: SpeechSource): SpeechSource {
  return 'groupId' in props ? { groupId: props.groupId } : { characterId: props.characterId };
}

/** POST /api/voice/preview: a sample line in a voice. */
export async function previewVoice(voice: string): Promise<Blob> {
  return (await apiRequest(api.voice.preview, { body: { voice }, responseType: 'blob' })) as Blob;
}
