-- Search walks the popular order and stops at the 200 most liked matches. With the tsvector, the name and the NSFW flag
-- carried in that index, the walk and the ranking are index-only: no heap visit per character examined. A btree entry must stay
-- well under a page (2,704 bytes), so the search vector is capped at 1,800 bytes: a long description is indexed
-- from its start, halving what is read until the whole vector fits (name, tags and tagline always count in full).
CREATE OR REPLACE FUNCTION characters_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head tsvector;
  v tsvector;
  len int := 4000;
BEGIN
  head :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.tag_names, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.tagline, '')), 'C');
  LOOP
    v := head || setweight(to_tsvector('english', left(coalesce(NEW.description, ''), len)), 'D');
    EXIT WHEN pg_column_size(v) <= 1800 OR len = 0;
    len := len / 2;
  END LOOP;
  NEW.search_vector := v;
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE characters SET description = description WHERE pg_column_size(search_vector) > 1800;
--> statement-breakpoint
DROP INDEX IF EXISTS characters_public_popular_idx;
--> statement-breakpoint
CREATE INDEX characters_public_popular_idx ON characters USING btree (likes_count DESC NULLS FIRST, id)
  INCLUDE (name, search_vector, nsfw) WHERE visibility = 'public' AND deleted_at IS NULL;
