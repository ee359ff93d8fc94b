/**
 * The embedded PostgreSQL cannot run in this environment (no binaries for the platform, libraries not linked,
 * no `postgres` system user, a folder that user cannot enter). `npm start` falls back to PGlite on disk.
 */
export class EmbeddedUnavailable extends Error {
  override name = 'EmbeddedUnavailable';
}

/**
 * The embedded PostgreSQL could run here but refused or failed to start with an existing data folder
 * (version mismatch, a foreign process holding the lock, a crash at start). Falling back would hide the
 * user's data behind an empty database, so the server stops with this message instead.
 */
export class EmbeddedStartFailed extends Error {
  override name = 'EmbeddedStartFailed';
}
