import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// One vitest process runs every tier; `--project` picks tiers (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', root: r('./packages/shared'), include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
      {
        resolve: { alias: { '@': r('./apps/web/src') } },
        test: {
          name: 'web',
          root: r('./apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom tests with user events take seconds on a busy 2-core machine; 5 s flakes there.
          testTimeout: 15_000,
          setupFiles: ['./src/test/setup.ts'],
          // Vitest's default is one worker less than the cores: a single worker on a 2-core machine. Two take the
          // unit tests from about 180 s to 105 s there.
          maxWorkers: 2,
          // One module graph and one jsdom per worker, not per file: 214 s → 41 s for the web and shared tiers on 2
          // cores (each file's own set-up was most of it). setup.ts empties the DOM and storage after every test, and
          // tests that use the app's query client reset it (resetClientState).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: r('./apps/server'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two forks match the two cores.
          pool: 'forks',
          maxWorkers: 2,
          // One module graph per fork, not per file: each file's own import of the app was most of the tier's time.
          // Measured on 2026-11-26 with other work on the machine: PostgreSQL + Redis 13 min isolated, 7.5 min not;
          // PGlite 8.5 min not isolated (668 s isolated on a quiet machine earlier). A fork peaks at 1.0–1.5 GB.
          // An earlier try broke account-export-load.routes.test.ts's event-loop bound on the garbage collector's
          // extra work; it held in this run (both databases, once each). Every test app is its own: nothing is shared between
          // files but the modules' code.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: r('./e2e'),
          include: ['**/*.e2e.ts'],
          environment: 'node',
          // One server started and stopped before the journeys: its DATA_DIR is the template theirs are copied from.
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page settles within a second when the machine is idle, but CI runs two journeys and their servers on two
          // cores: expect.poll's 1 s default flaked there (a list fetched after a navigation, a reply's saved copy).
          expect: { poll: { timeout: 10_000 } },
          // Two journeys at a time (each its own server, database and browser) use both cores: ~25 % faster than one
          // by one. Paint timings are a benchmark (npm run bench:lcp), not a check here.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Two server processes behind nginx on PostgreSQL + Redis (npm run test:cluster; not part of npm test).
          name: 'cluster',
          root: r('./cluster'),
          include: ['**/*.cluster.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
