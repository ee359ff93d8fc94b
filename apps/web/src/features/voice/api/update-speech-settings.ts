import { useMutation } from '@tanstack/react-query';
import type { EndpointBody, VoiceStatusResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { voiceKeys } from '@/lib/query-keys/voice';

export const updateSpeechSettings = (body: EndpointBody<typeof api.voice.updateSettings>) => apiRequest(api.voice.updateSettings, { body });

/** Affects the voice status (its `settings`). */
export function useUpdateSpeechSettings() {
  return useMutation({
    mutationFn: updateSpeechSettings,
    onSuccess: (settings) => queryClient.setQueryData<VoiceStatusResponse>(voiceKeys.status(), (old) => (old ? { ...old, settings } : old)),
  });
}
