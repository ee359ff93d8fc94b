-- Search: trigram similarity (typos, prefixes) and weighted full-text (name > tags > tagline > description).
-- Hand-written because Drizzle cannot express the extension, the trigger or operator-class indexes.
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
CREATE INDEX characters_name_trgm_idx ON characters USING gin (lower(name) gin_trgm_ops)
  WHERE visibility = 'public' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX users_username_trgm_idx ON users USING gin (lower(username) gin_trgm_ops);
