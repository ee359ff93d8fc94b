-- Search: weighted full-text (name > tags > tagline > description) for words and prefixes, and a lexicon of the
-- words in names and tags with trigram similarity for typos ("seraphna" → "seraphina"), which then widen the
-- full-text query. Hand-written because Drizzle cannot express the extension, the triggers or operator classes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION characters_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.tag_names, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.tagline, '')), 'C') ||
    setweight(to_tsvector('english', left(coalesce(NEW.description, ''), 4000)), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER characters_search_vector_trg BEFORE INSERT OR UPDATE OF name, tag_names, tagline, description ON characters
  FOR EACH ROW EXECUTE FUNCTION characters_search_vector();
--> statement-breakpoint
CREATE INDEX characters_search_vector_idx ON characters USING gin (search_vector)
  WHERE visibility = 'public' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE TABLE search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION characters_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name || ' ' || array_to_string(NEW.tag_names, ' ')), '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER characters_search_words_trg AFTER INSERT OR UPDATE OF name, tag_names ON characters
  FOR EACH ROW EXECUTE FUNCTION characters_search_words();
--> statement-breakpoint
CREATE INDEX users_username_trgm_idx ON users USING gin (lower(username) gin_trgm_ops);
