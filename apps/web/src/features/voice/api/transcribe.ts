import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { voiceKeys } from '@/lib/query-keys/voice';

/** POST /api/voice/transcriptions: a recording becomes text (the audio is not kept). */
export function transcribe({ audio, characterId }: { audio: Blob; characterId?: string }) {
  const body = new FormData();
  const ext = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm';
  body.append('file', audio, `recording.${ext}`);
  return apiRequest(api.voice.transcribe, { body, query: characterId ? { characterId } : {} });
}

/** Affects the voice status (a free use or coins spent). */
export function useTranscribe() {
  return useMutation({ mutationFn: transcribe, onSettled: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.status() }) });
}
