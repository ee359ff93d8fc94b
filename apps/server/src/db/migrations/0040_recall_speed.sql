-- Recall for one reply within 30 ms in a 10,000-message conversation (issue 41, docs/memory.md "Benchmark").
-- 1. Meaning: a coarse pass over each vector's signs (2 bits a dimension: above zero, then below zero), read from an
--    index alone, picks the few vectors recall then reads and scores in full; it replaces reading all of a
--    conversation's vectors. Existing rows get their signs from their stored vector (float32, little endian: the 4th
--    byte of each holds the sign bit).
ALTER TABLE "chat_message_embeddings" ADD COLUMN "signs" bit varying;--> statement-breakpoint
UPDATE "chat_message_embeddings" e SET "signs" = (
  SELECT coalesce(string_agg(
    CASE WHEN ((get_byte(e.vector, 4 * d.i + 3) & 127) | get_byte(e.vector, 4 * d.i + 2) | get_byte(e.vector, 4 * d.i + 1) | get_byte(e.vector, 4 * d.i)) <> 0
      AND (get_byte(e.vector, 4 * d.i + 3) >= 128) = s.below
    THEN '1' ELSE '0' END, '' ORDER BY s.below, d.i), '')::bit varying
  FROM (VALUES (false), (true)) s(below), generate_series(0, length(e.vector) / 4 - 1) d(i)
);--> statement-breakpoint
ALTER TABLE "chat_message_embeddings" ALTER COLUMN "signs" SET NOT NULL;--> statement-breakpoint
DROP INDEX "chat_message_embeddings_conversation_idx";--> statement-breakpoint
CREATE INDEX "chat_message_embeddings_recall_idx" ON "chat_message_embeddings" USING btree ("conversation_id", "model") INCLUDE ("dimensions", "message_id", "signs");--> statement-breakpoint
-- 2. Recall reads the rows as they are, without its messages: a message whose text changes or that is blocked (or no
--    longer is) loses its vector at once, in the same transaction, and the indexer embeds the new text (it finds the
--    message without a current vector, as before). Rows already stale go now.
CREATE FUNCTION "chat_message_embeddings_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "chat_message_embeddings" WHERE "message_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_embedding_stale" AFTER UPDATE OF "content", "status" ON "chat_messages"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content" OR (OLD."status" = 'blocked') IS DISTINCT FROM (NEW."status" = 'blocked'))
  EXECUTE FUNCTION "chat_message_embeddings_stale"();--> statement-breakpoint
DELETE FROM "chat_message_embeddings" e USING "chat_messages" m
  WHERE m."id" = e."message_id" AND (e."content_hash" <> md5(m."content") OR m."status" = 'blocked');--> statement-breakpoint
-- 3. Words: each message's words kept beside it, so ranking the matches (ts_rank) no longer parses every matching
--    message again; matching still goes through the chat search's GIN index of to_tsvector('english', content). Not
--    in the Drizzle schema (like 0029's index): the app's reads of messages never fetch it.
ALTER TABLE "chat_messages" ADD COLUMN "content_words" tsvector GENERATED ALWAYS AS (to_tsvector('english', "content")) STORED;
