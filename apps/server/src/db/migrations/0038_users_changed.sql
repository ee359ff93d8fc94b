-- Every process keeps its signed-in users' rows for GET /api/auth/me (modules/auth/current-users.ts): each changed or
-- deleted row is announced at commit, whichever code wrote it, so no process keeps an out-of-date copy.
CREATE OR REPLACE FUNCTION reverie_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reverie_users_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION reverie_users_changed();
