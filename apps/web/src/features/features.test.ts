// The features' boundaries (#40.2), read from the files: a feature with an entry (features/<name>/index.ts) is
// imported from outside only through it, and there are no import cycles, neither between modules nor between
// features where one has an entry. eslint.config.js says the same while editing; this test fails the build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exts = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

type Graph = Map<string, Set<string>>;
/** A file (a path under src) and its value imports as written; `import type` carries no module at run time. */
type Sources = Map<string, string[]>;

function listFiles(dir: string): string[] {
  return readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return listFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) if (!m[1]) specs.push(m[2]!);
  return specs;
}

/** Where an import points (a file under src), given which files exist. */
function resolve(files: Set<string>, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined;
  return exts.map((e) => base + e).find((p) => files.has(p));
}

const featureOf = (file: string) => (file.startsWith('features/') ? file.split('/')[1]! : null);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const withEntryOf = (files: Set<string>) =>
  new Set([...files].filter((f) => /^features\/[^/]+\/index\.ts$/.test(f)).map((f) => featureOf(f)!));

/** Imports of a feature's insides from outside it, where the feature has an entry: "from → to". */
function deepImports(sources: Sources): string[] {
  const files = new Set(sources.keys());
  const withEntry = withEntryOf(files);
  const found: string[] = [];
  for (const [file, specs] of sources) {
    for (const spec of specs) {
      const target = resolve(files, file, spec);
      const feature = target && featureOf(target);
      if (!feature || feature === featureOf(file) || !withEntry.has(feature)) continue;
      if (target !== `features/${feature}/index.ts`) found.push(`${file} → ${spec}`);
    }
  }
  return found;
}

/** The strongly connected parts of more than one node (Tarjan): each is a cycle or several. */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w);
      if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, low.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part = stack.splice(stack.indexOf(v));
    if (part.length > 1) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Module cycles among the features' files, and feature cycles that pass through a feature with an entry. */
function importCycles(sources: Sources): string[][] {
  const files = new Set(sources.keys());
  const withEntry = withEntryOf(files);
  const modules: Graph = new Map();
  const features: Graph = new Map();
  for (const [file, specs] of sources) {
    const targets = specs.map((s) => resolve(files, file, s)).filter((t): t is string => !!t && !!featureOf(t));
    modules.set(file, new Set(targets));
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    for (const to of targets.map(featureOf)) if (to && to !== from) features.set(from, (features.get(from) ?? new Set()).add(to));
  }
  const featureCycles = cycles(features).filter((part) => part.some((f) => withEntry.has(f)));
  return [...cycles(modules), ...featureCycles];
}

const sources: Sources = new Map(listFiles('features').map((f) => [f, importsOf(readFileSync(path.join(src, f), 'utf8'))]));

describe('the features of the web app', () => {
  it('each have an entry (features/<name>/index.ts)', () => {
    const names = readdirSync(path.join(src, 'features'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((e) => !existsSync(path.join(src, 'features', e.name, 'index.ts'))).map((e) => e.name)).toEqual([]);
  });

  it('import a feature only through its entry', () => {
    expect(deepImports(sources)).toEqual([]);
  });

  it('have no import cycles', () => {
    expect(importCycles(sources)).toEqual([]);
  });

  it('tell a deep import and a cycle apart from what is allowed', () => {
    const fake: Sources = new Map([
      ['features/kit/index.ts', ['./lib/a']],
      ['features/kit/lib/a.ts', ['@/features/other/x']],
      ['features/other/x.ts', ['@/features/kit', '@/features/kit/lib/a']],
      ['features/other/y.test.ts', ['@/features/kit/lib/a']],
    ]);
    expect(deepImports(fake)).toEqual(['features/other/x.ts → @/features/kit/lib/a', 'features/other/y.test.ts → @/features/kit/lib/a']);
    expect(importCycles(fake)).toEqual([
      ['features/kit/index.ts', 'features/kit/lib/a.ts', 'features/other/x.ts'],
      ['kit', 'other'],
    ]);
  });
});
