// Once per e2e run: start the real server on a fresh DATA_DIR, stop it, and keep that folder as the template every
// journey's server is copied from (REVERIE_DATA_TEMPLATE, read by startServer). A fresh server then finds its embedded
// database created and migrated: on a busy 2-core machine that skips about 10 s of initdb, creating the database and
// the migrations per journey (and a cold start that once ran past the health check's minute in CI).
// The first start itself, from nothing, stays covered: this set-up runs it, start-under-load.e2e.ts starts from empty
// folders, and a journey that passes its own dataDir gets no template.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server-process.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const template = await mkdtemp(path.join(os.tmpdir(), 'reverie-e2e-template-'));
  try {
    const server = await startServer({ dataDir: template, timeoutMs: 180_000 });
    await server.stop();
  } catch (err) {
    await rm(template, { recursive: true, force: true });
    throw err;
  }
  // Set before the workers start, so they inherit it (startServer keeps it out of the servers' own environment).
  process.env.REVERIE_DATA_TEMPLATE = template;
  return async () => {
    delete process.env.REVERIE_DATA_TEMPLATE;
    await rm(template, { recursive: true, force: true, maxRetries: 3 });
  };
}
