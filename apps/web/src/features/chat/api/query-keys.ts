export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => ['chat', 'session'] as const,
  session: (characterId: string, conversationId?: string) => ['chat', 'session', characterId, conversationId ?? 'current'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  characterConversations: (characterId: string) => ['chat', 'character-conversations', characterId] as const,
  status: () => ['chat', 'status'] as const,
};
