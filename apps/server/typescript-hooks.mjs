// The module hooks typescript.mjs registers: a `.ts` (or `.mts`) file (ours, or a workspace package's source) is read and
// transformed by esbuild into an ES module with an inline source map; everything else loads as Node loads it. Imports
// name their files with the `.ts` extension (the house rule), so resolution is Node's own.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const target = `node${process.versions.node}`;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.m?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const { code } = await transform(await readFile(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target,
    sourcemap: 'inline',
    sourcesContent: false,
    sourcefile: file,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
