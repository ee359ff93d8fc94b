import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { voiceKeys } from '@/lib/query-keys/voice';

/** GET /api/voice/status: is speech on, what a Listen or a transcription costs now, the user's speech settings. */
export const getVoiceStatus = () => apiRequest(api.voice.status);

export function voiceStatusQueryOptions() {
  return queryOptions({ queryKey: voiceKeys.status(), queryFn: getVoiceStatus, staleTime: 15_000 });
}

export function useVoiceStatus() {
  return useQuery(voiceStatusQueryOptions());
}
