export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => ['chat', 'session'] as const,
  session: (characterId: string, conversationId?: string) => ['chat', 'session', characterId, conversationId ?? 'current'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  characterConversations: (characterId: string) => ['chat', 'character-conversations', characterId] as const,
  status: () => ['chat', 'status'] as const,
  /** "Why this reply": a reply alternative's inspection, its rebuilt prompt, the conversation's memory as it is now. */
  inspections: () => ['chat', 'inspection'] as const,
  inspection: (messageId: string, swipe: number) => ['chat', 'inspection', messageId, swipe] as const,
  rebuiltPrompt: (messageId: string, swipe: number) => ['chat', 'inspection', messageId, swipe, 'prompt'] as const,
  memory: (conversationId: string) => ['chat', 'memory', conversationId] as const,
  /** The journal of memories a conversation reads (its character's or group's, shared by their conversations). */
  journals: () => ['chat', 'journal'] as const,
  journal: (conversationId: string) => ['chat', 'journal', conversationId] as const,
  /** Whether the character may write first in a one-to-one conversation. */
  writesFirst: (conversationId: string) => ['chat', 'writes-first', conversationId] as const,
};

/** Under chatKeys.all, so whatever refreshes the chats refreshes the branch trees too. */
export const branchKeys = {
  all: () => ['chat', 'branches'] as const,
  tree: (conversationId: string) => ['chat', 'branches', conversationId] as const,
};

/** Search in chats (issue 32). */
export const chatSearchKeys = {
  inConversation: (conversationId: string, q: string) => ['chat', 'search', conversationId, q] as const,
  all: (q: string) => ['chat', 'search-all', q] as const,
};
