// The module hooks typescript.mjs registers: a `.ts` (or `.mts`) file (ours, or a workspace package's source) is read and
// transformed by esbuild into an ES module with an inline source map; everything else loads as Node loads it. Imports
// name their files with the `.ts` extension (the house rule), so resolution is Node's own.
//
// What esbuild made is kept in node_modules/.cache/reverie-typescript, named by a hash of everything it depends on (the
// file's path and text, esbuild's version, the options), so a start after the first transforms only what changed: a
// start cost 1.4 s of esbuild's CPU before, on this project's 640 files. Entries are never updated in place (a changed
// file is a new name); `rm -rf node_modules/.cache` empties it. Where it cannot be written, files are transformed each time.
// An entry read is touched; a minute after each start, entries no start has read or made for PRUNE_AFTER_DAYS are
// removed, so the versions of files that deployments and edits leave behind do not pile up.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform, version } from 'esbuild';

const target = `node${process.versions.node}`;
const options = { loader: 'ts', format: 'esm', target, sourcemap: 'inline', sourcesContent: false };
const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/reverie-typescript/', import.meta.url));
const cacheReady = mkdir(cacheDir, { recursive: true }).then(
  () => true,
  () => false,
);
const PRUNE_AFTER_DAYS = 14;
setTimeout(() => void prune().catch(() => {}), 60_000).unref();

/** Removes the entries (and leftover temporary files) no start has read or made for PRUNE_AFTER_DAYS. */
async function prune() {
  if (!(await cacheReady)) return;
  const before = Date.now() - PRUNE_AFTER_DAYS * 86_400_000;
  for (const name of await readdir(cacheDir)) {
    const file = `${cacheDir}${name}`;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Infinity }));
    if (mtimeMs < before) await unlink(file).catch(() => {});
  }
}

async function transformed(file, source) {
  const key = createHash('sha256')
    .update(JSON.stringify([version, options, file]))
    .update(source)
    .digest('hex');
  const cached = `${cacheDir}${key}.js`;
  const useCache = await cacheReady;
  if (useCache) {
    try {
      const code = await readFile(cached, 'utf8');
      const now = new Date();
      void utimes(cached, now, now).catch(() => {});
      return code;
    } catch {
      // not made yet
    }
  }
  const { code } = await transform(source, { ...options, sourcefile: file });
  if (useCache) {
    // Written whole, then renamed: a process starting at the same moment reads the old state or the whole entry.
    const own = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(own, code)
      .then(() => rename(own, cached))
      .catch(() => unlink(own).catch(() => {}));
  }
  return code;
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.m?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  return { format: 'module', source: await transformed(file, await readFile(file, 'utf8')), shortCircuit: true };
}
