// The web features' boundaries that a path pattern cannot say (eslint.config.js): no import cycles.
// - `no-cycle`: no module of apps/web/src/features imports itself back through a chain of (value) imports;
// - feature-level: a feature with an entry (features/<name>/index.ts) is in no cycle of features (A imports B, B
//   imports A, through any chain), counting the features' own files, not their tests.
// The graph is read once per lint run from the files on disk. apps/web/src/features/features.test.ts checks the same.
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src');
const featuresDir = path.join(src, 'features');
const exts = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const isTest = (file) => /\.test\.tsx?$/.test(file);
const featureOf = (file) => (file.startsWith('features/') ? file.split('/')[1] : null);

/** Where an import points, as a path under src (undefined: a package or a file outside src). */
export function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else return undefined;
  return exts.map((e) => base + e).find((p) => fs.existsSync(path.join(src, p)));
}

/** The value imports (and re-exports) of a file's text; `import type` and `export type` carry no module at run time. */
export function importsOf(text) {
  const specs = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) if (!m[1]) specs.push(m[2]);
  return specs;
}

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listFiles(p);
    return /\.tsx?$/.test(e.name) ? [path.relative(src, p).split(path.sep).join('/')] : [];
  });
}

let cached;
function graph() {
  if (cached) return cached;
  const modules = new Map();
  for (const file of listFiles(featuresDir)) {
    const targets = importsOf(fs.readFileSync(path.join(src, file), 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((t) => t?.startsWith('features/'));
    modules.set(file, new Set(targets));
  }
  const features = new Map();
  for (const [file, targets] of modules) {
    if (isTest(file)) continue;
    for (const t of targets) {
      const [a, b] = [featureOf(file), featureOf(t)];
      if (a !== b) features.set(a, (features.get(a) ?? new Set()).add(b));
    }
  }
  const withEntry = new Set(fs.readdirSync(featuresDir).filter((n) => fs.existsSync(path.join(featuresDir, n, 'index.ts'))));
  cached = { modules, features, withEntry };
  return cached;
}

/** Whether `to` reaches `from` in `edges` (the import from → to closes a cycle), and the way back. */
function wayBack(edges, from, to) {
  const seen = new Set([to]);
  const queue = [[to]];
  while (queue.length) {
    const way = queue.shift();
    for (const next of edges.get(way.at(-1)) ?? []) {
      if (next === from) return [...way, from];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...way, next]);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'No import cycles between web feature modules or features.' }, schema: [] },
  create(context) {
    const file = path.relative(src, context.filename).split(path.sep).join('/');
    if (!file.startsWith('features/')) return {};
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
      const target = resolveImport(file, node.source.value);
      if (!target?.startsWith('features/')) return;
      const { modules, features, withEntry } = graph();
      const back = wayBack(modules, file, target);
      if (back) return context.report({ node, message: `Import cycle: ${[file, ...back].join(' → ')}.` });
      const [a, b] = [featureOf(file), featureOf(target)];
      if (a === b || isTest(file) || !(withEntry.has(a) || withEntry.has(b))) return;
      const featureBack = wayBack(features, a, b);
      if (featureBack) context.report({ node, message: `Feature cycle: ${[a, ...featureBack].join(' → ')}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-cycle': noCycle } };
