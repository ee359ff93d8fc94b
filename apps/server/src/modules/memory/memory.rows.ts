// The rows the memory repository reads and writes (memory.repo.ts).

/** A message whose vector is missing or stale (another text, another model). */
export interface StaleMessageRow {
  id: string;
  conversationId: string;
  userId: string;
  content: string;
  hash: string;
}

export interface NewEmbedding {
  messageId: string;
  conversationId: string;
  userId: string;
  model: string;
  hash: string;
  vector: Buffer;
  /** One bit a dimension, set where the vector is above zero (vector.ts `signsOf`). */
  signs: string;
  dimensions: number;
}

/** A message of the conversation as recall sees it. */
export interface RecallMessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  seq: number;
}

export interface WordHitRow extends RecallMessageRow {
  rank: number;
}

export interface VectorRow {
  id: string;
  vector: Buffer;
}

/** Whose journal: a user's with a character (one-to-one chats) or with a group (group chats). */
export type JournalOwner = { userId: string } & ({ characterId: string; groupId: null } | { characterId: null; groupId: string });

/** A conversation as the journal sees it: whose journal it reads and how far the writer has read. */
export interface JournalConversation {
  id: string;
  owner: JournalOwner;
  journalReplies: number;
  /** The conversation's character is NSFW (the content policy's context for what is written into its journal). */
  nsfw: boolean;
}

/** A message of the journal writer's transcript: who said it (a character's name, or null for the user). */
export interface TranscriptRow {
  id: string;
  speaker: string | null;
  content: string;
}
