-- Search across chats starts from the searcher's own words (#47.6). Migration 0029's index of conversation and words
-- answered `conversation_id = any(the searcher's 200 conversations)` with 200 GIN scans, each intersecting a
-- conversation's messages with every user's matches of the word (11 ms of the benchmark's 20 ms beside another user's
-- 100,000 matches). Here each message's words are also indexed under its owner: the lexemes of
-- to_tsvector('english', content), positions kept, each prefixed with the conversation owner's id, so the search
-- probes '<user id>:lantern' once and gets only the searcher's matches (a prefix 'lantern:*' stays a prefix inside
-- that user's words). The owner is copied onto the message (user_id, kept by a trigger from its conversation; a
-- conversation never changes hands). Plain SQL, so PGlite gets the same index. Hand-written: Drizzle cannot express
-- the functions, the trigger or the expression index; the column and index stay outside the Drizzle schema.
ALTER TABLE chat_messages ADD COLUMN user_id uuid;
--> statement-breakpoint
CREATE FUNCTION chat_messages_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.user_id := (SELECT c.user_id FROM conversations c WHERE c.id = NEW.conversation_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_owner BEFORE INSERT OR UPDATE OF conversation_id ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION chat_messages_owner();
--> statement-breakpoint
-- The backfill changes no text: the lexicon's update trigger (0026) would only compare every row with itself.
ALTER TABLE chat_messages DISABLE TRIGGER chat_messages_search_words_upd;
--> statement-breakpoint
UPDATE chat_messages m SET user_id = c.user_id FROM conversations c WHERE c.id = m.conversation_id;
--> statement-breakpoint
ALTER TABLE chat_messages ENABLE TRIGGER chat_messages_search_words_upd;
--> statement-breakpoint
-- to_tsvector('english', content) with every lexeme as '<owner>:<lexeme>' and the same positions (so phrases match as
-- before), rebuilt through the tsvector's text form (quotes and backslashes of a lexeme escaped).
CREATE FUNCTION chat_search_user_words(owner uuid, content text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg('''' || owner || ':' || replace(replace(t.lexeme, '\', '\\'), '''', '''''') || ''':'
    || array_to_string(t.positions, ','), ' '), '')::tsvector
  FROM unnest(to_tsvector('english', content)) AS t
$$;
--> statement-breakpoint
-- A tsquery (to_tsquery('english', …)) with every lexeme prefixed the same way, operators and prefixes (:*) kept:
-- in its text form each lexeme is quoted ('' for a quote inside).
CREATE FUNCTION chat_search_user_query(owner uuid, q tsquery) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(q::text, '''((?:[^'']|'''')*)''', '''' || owner || ':\1''', 'g')::tsquery
$$;
--> statement-breakpoint
CREATE INDEX chat_messages_user_search_idx ON chat_messages USING gin (chat_search_user_words(user_id, content));
