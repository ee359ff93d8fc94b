/** Query keys of the personas feature. */
export const personasKeys = {
  all: ['personas'] as const,
  list: () => [...personasKeys.all, 'list'] as const,
  conversation: (conversationId: string) => [...personasKeys.all, 'conversation', conversationId] as const,
};
