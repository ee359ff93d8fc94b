// "Build the SPA if it is missing or stale" — shared by `npm start` (start.mjs) and `npm run test:e2e`
// (ensure-build.mjs). Plain ESM JavaScript so it runs before anything else is compiled or installed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

/** Files and folders whose changes make apps/web/dist stale. */
export const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map(
  (p) => path.join(repoRoot, p),
);

/** Newest modification time (ms) under `p`, or 0 when it does not exist. */
function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Why a build is needed ('missing' / 'stale: <path>'), or null when apps/web/dist is up to date. */
export function webBuildReason() {
  if (!existsSync(webIndex)) return 'apps/web/dist/index.html is missing';
  const built = statSync(webIndex).mtimeMs;
  for (const input of webInputs) {
    if (newestMtime(input) > built) return `${path.relative(repoRoot, input)} changed since the last build`;
  }
  return null;
}

/** Runs `npm run build --workspace apps/web` with inherited stdio; resolves with its exit code. */
export function runWebBuild() {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // NODE_ENV=production whatever the caller runs under: vitest sets NODE_ENV=test, and Vite would then
    // bundle React's development build (+60 KB compressed on the first load).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(npm, ['run', 'build', '--workspace', 'apps/web'], { cwd: repoRoot, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds the SPA when missing or stale. Resolves true when up to date afterwards; false when the build failed. */
export async function ensureWebBuild({ log = (msg) => console.log(msg) } = {}) {
  const reason = webBuildReason();
  if (!reason) {
    log('[reverie] web build is up to date (apps/web/dist)');
    return true;
  }
  log(`[reverie] building the web app: ${reason}`);
  const started = Date.now();
  const code = await runWebBuild();
  if (code !== 0) {
    console.error(`[reverie] web build failed (exit code ${code})`);
    return false;
  }
  log(`[reverie] web build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
