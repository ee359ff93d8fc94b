/** Query keys of the voice feature (what speech costs and its settings, the voice list). */
export const voiceKeys = {
  all: ['voice'] as const,
  status: () => [...voiceKeys.all, 'status'] as const,
  voices: () => [...voiceKeys.all, 'voices'] as const,
};
