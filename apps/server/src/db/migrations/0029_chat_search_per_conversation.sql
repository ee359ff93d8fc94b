-- Search starts from the searcher's own conversations (#47.6). The words' GIN index held every user's messages under
-- each word, so one user's search for a common word read (and rechecked) another account's 102,458 matching messages
-- to find its own 10 (9.0 s). With btree_gin (a trusted contrib extension of PostgreSQL 13+) the conversation and the
-- words share one GIN index, and a search that names the searcher's conversations gets only their matches from it; it
-- also answers a words-only condition, so the old index goes. Where btree_gin cannot be had (PGlite, used by the tests
-- and the on-disk development mode, hangs with it loaded), the words' index stays as it was.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  DROP INDEX IF EXISTS "chat_messages_search_idx";
  CREATE INDEX "chat_messages_conversation_search_idx" ON "chat_messages" USING gin ("conversation_id", to_tsvector('english', "content"));
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'btree_gin is not available (%): chat search keeps its index of words', SQLERRM;
END
$$;
