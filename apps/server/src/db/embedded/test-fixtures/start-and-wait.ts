// Test fixture: starts the embedded PostgreSQL in argv[2] (shared root argv[3]), reports its URL and pid, then waits to be killed.
import { startEmbeddedPostgres } from '../cluster.ts';

const pg = await startEmbeddedPostgres({ dataDir: process.argv[2]!, sharedRoot: process.argv[3] });
process.send?.({ url: pg.url, postgresPid: pg.postgresPid });
setInterval(() => {}, 60_000);
