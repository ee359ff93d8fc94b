CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (to_tsvector('english', "content"));
--> statement-breakpoint
-- Typos: a lexicon of the words in chat messages with trigram similarity ("lantrn" → "lantern"), which then widens the
-- full-text query, as search_words does for the catalogue (migration 0003). Hand-written: Drizzle cannot express the
-- trigger or the operator class. Words only widen a query; results always come from the user's own messages.
CREATE TABLE chat_search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX chat_search_words_trgm_idx ON chat_search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_messages_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_search_words (word)
    SELECT DISTINCT w FROM new_rows, regexp_split_to_table(lower(new_rows.content), '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 30
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_words_ins AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_search_words();
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_words_upd AFTER UPDATE ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_search_words();
--> statement-breakpoint
INSERT INTO chat_search_words (word)
  SELECT DISTINCT w FROM chat_messages, regexp_split_to_table(lower(content), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 30
ON CONFLICT DO NOTHING;
