import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { voiceKeys } from '@/lib/query-keys/voice';

/** GET /api/voice/voices: the speech service's voices. */
export const getVoices = () => apiRequest(api.voice.voices);

export function useVoices(enabled = true) {
  return useQuery(queryOptions({ queryKey: voiceKeys.voices(), queryFn: getVoices, staleTime: 5 * 60_000, enabled }));
}
