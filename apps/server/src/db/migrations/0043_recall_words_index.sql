-- Recall's search by words matches the stored words (content_words, migration 0040) instead of parsing each message
-- again. Where the planner reads the conversation's messages rather than the words' index (a prepared statement's
-- generic plan does, not knowing the words), every message outside the context window was parsed for each chat
-- message: 48 ms of the first read in a 10,000-message conversation on PostgreSQL. The index is made again on the
-- same column: the conversation and its words (btree_gin) on PostgreSQL, the words alone where btree_gin cannot be
-- had (PGlite, as in 0029). Chat search does not use it: it matches each message's words under its owner (0039).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  DROP INDEX IF EXISTS "chat_messages_conversation_search_idx";
  DROP INDEX IF EXISTS "chat_messages_search_idx";
  CREATE INDEX "chat_messages_conversation_words_idx" ON "chat_messages" USING gin ("conversation_id", "content_words");
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'btree_gin is not available (%): recall''s words get an index of their own', SQLERRM;
  DROP INDEX IF EXISTS "chat_messages_search_idx";
  CREATE INDEX "chat_messages_words_idx" ON "chat_messages" USING gin ("content_words");
END
$$;
