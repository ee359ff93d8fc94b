-- Every process keeps "is this session signed in?" for its requests (modules/auth/session-status.ts): a session
-- (refresh-token family) whose token is revoked, expires earlier or goes away is announced at commit, whichever code
-- or process wrote it, so no process keeps answering "signed in" for it.
CREATE OR REPLACE FUNCTION reverie_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reverie_sessions_changed', OLD.family_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at, expires_at, family_id OR DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION reverie_sessions_changed();
