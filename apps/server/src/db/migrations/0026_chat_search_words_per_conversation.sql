-- Typos in chat search (#47.14): the lexicon of chat words was shared by every user, grew with anyone's imports,
-- kept deleted chats' words and told one user, by timing, whether a word was in someone else's chats. It is now kept
-- per conversation (so each user's typos widen only into their own words), counted in how many messages of the
-- conversation hold the word, pruned when that reaches zero (a message edited or deleted), and dropped with its
-- conversation. Hand-written: Drizzle cannot express the triggers or the operator class.
DROP TRIGGER IF EXISTS chat_messages_search_words_ins ON chat_messages;
--> statement-breakpoint
DROP TRIGGER IF EXISTS chat_messages_search_words_upd ON chat_messages;
--> statement-breakpoint
DROP FUNCTION IF EXISTS chat_messages_search_words();
--> statement-breakpoint
DROP TABLE IF EXISTS chat_search_words;
--> statement-breakpoint
CREATE TABLE chat_search_words (
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  word text NOT NULL,
  messages integer NOT NULL,
  PRIMARY KEY (conversation_id, word)
);
--> statement-breakpoint
CREATE INDEX chat_search_words_trgm_idx ON chat_search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION chat_search_words_of(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(content), '[^[:alnum:]]+') AS w WHERE length(w) BETWEEN 3 AND 30
$$;
--> statement-breakpoint
CREATE FUNCTION chat_search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_search_words (conversation_id, word, messages)
    SELECT n.conversation_id, w, count(*) FROM new_rows n, chat_search_words_of(n.content) AS w GROUP BY 1, 2
  ON CONFLICT (conversation_id, word) DO UPDATE SET messages = chat_search_words.messages + excluded.messages;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION chat_search_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_search_words s SET messages = s.messages - gone.n
    FROM (SELECT o.conversation_id, w AS word, count(*) AS n FROM old_rows o, chat_search_words_of(o.content) AS w GROUP BY 1, 2) gone
    WHERE s.conversation_id = gone.conversation_id AND s.word = gone.word;
  DELETE FROM chat_search_words s WHERE s.messages <= 0 AND s.conversation_id IN (SELECT DISTINCT conversation_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates that change no text (status, swipes kept aside, feedback) change nothing here.
CREATE FUNCTION chat_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_search_words (conversation_id, word, messages)
    SELECT conv, word, sum(d) FROM (
      SELECT o.conversation_id AS conv, w AS word, -1 AS d
        FROM old_rows o JOIN new_rows n ON n.id = o.id, chat_search_words_of(o.content) AS w
        WHERE o.content IS DISTINCT FROM n.content OR o.conversation_id <> n.conversation_id
      UNION ALL
      SELECT n.conversation_id, w, 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id, chat_search_words_of(n.content) AS w
        WHERE o.content IS DISTINCT FROM n.content OR o.conversation_id <> n.conversation_id
    ) delta GROUP BY 1, 2 HAVING sum(d) <> 0
  ON CONFLICT (conversation_id, word) DO UPDATE SET messages = chat_search_words.messages + excluded.messages;
  DELETE FROM chat_search_words s WHERE s.messages <= 0 AND s.conversation_id IN (SELECT DISTINCT conversation_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_words_ins AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_search_words_added();
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_words_del AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_search_words_removed();
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_words_upd AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_search_words_changed();
--> statement-breakpoint
INSERT INTO chat_search_words (conversation_id, word, messages)
  SELECT m.conversation_id, w, count(*) FROM chat_messages m, chat_search_words_of(m.content) AS w GROUP BY 1, 2;
