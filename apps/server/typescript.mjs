// `node --import ./apps/server/typescript.mjs apps/server/src/main.ts`: how the server runs its TypeScript (npm start,
// the server's own start and dev scripts, the e2e and benchmark servers). Each .ts file is transformed by esbuild
// when it is first imported (typescript-hooks.mjs), with source maps, so stack traces name the TypeScript lines.
//
// Not tsx, which the tools (benchmarks, scripts) still use: tsx runs esbuild with `keepNames` on, which wraps every
// function in a `__name(fn, "…")` call that gives it a property of its own. On the server that happened for each
// closure every request makes (5.7 KB of each streaming reply's 45 KB of heap, and its CPU: docs/performance.md). The
// code is not minified, so V8 names those functions itself.
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./typescript-hooks.mjs', import.meta.url);
