import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import webFeatures from './eslint-rules/web-features.js';

// The server's repository boundary: only repositories (*.repo.ts) and db/ talk to Drizzle and the schema.
const repositoryFiles = ['apps/server/src/**/*.repo.ts', 'apps/server/src/db/**', 'apps/server/drizzle.config.ts'];
const drizzlePatterns = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'Only *.repo.ts files and db/ may use Drizzle: add a repository method instead.',
  },
  {
    group: ['**/db/schema', '**/db/schema/*'],
    message: 'Only *.repo.ts files and db/ may import the schema: export the row type from the repository.',
  },
];
// The chat module has one public entry (modules/chat/index.ts): outside modules/chat, nothing imports its insides.
// Its settings (chat.config.ts) are the one exception: config.ts merges every module's settings without loading it.
const chatFiles = ['apps/server/src/modules/chat/**'];
const chatInsides = {
  regex: '(^|/)modules/chat/(?!index\\.ts$|chat\\.config\\.ts$)|^(\\.\\./)+chat/(?!index\\.ts$|chat\\.config\\.ts$)',
  message: 'Import the chat module from its entry (modules/chat/index.ts), not its insides: export what you need there.',
};

// Functions read in one screen, files in one sitting (the house rules: functions ≤ 80 lines, files ≤ 400), in all of
// the apps' and packages' code. Tests and the test peers are exempt (a suite is one long function by nature), and so
// are files that are data, not code: the seed catalogue's characters and the moderation policy's term lists.
const sizedFiles = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'];
const unsizedFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test/**',
  'apps/server/src/db/seed/catalogue/characters-*.ts',
  'apps/server/src/modules/moderation/minors-terms.ts',
  'apps/server/src/modules/moderation/policy-v1.ts',
];
const sizeRules = {
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
  'max-lines': ['error', { max: 400 }],
};
// The web features' zones: a feature with an entry (apps/web/src/features/<name>/index.ts) is imported from outside
// only through it; its own files import each other directly. Every feature has one (features.test.ts).
const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatureNames = fs.readdirSync(featuresDir).filter((n) => fs.statSync(new URL(n, featuresDir)).isDirectory());
const withEntry = webFeatureNames.filter((n) => fs.existsSync(new URL(`${n}/index.ts`, featuresDir)));
const featureInsides = (names) => ({
  regex: `^(@/features/|(\\.\\./)+(features/)?)(${names.join('|')})/`,
  message: 'Import another feature from its entry (@/features/<name>, its index.ts), not its insides: export what you need there.',
});
const featureZones = [
  ...webFeatureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureInsides(withEntry.filter((n) => n !== name))] }],
    },
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureInsides(withEntry)] }] },
  },
];

// Syntax-level rules only (no type-aware linting): `npm run typecheck` covers types, and this keeps lint fast on 2 cores.
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The repository boundary: only repositories (*.repo.ts) and db/ talk to Drizzle and the schema.
    files: ['apps/server/**/*.ts'],
    ignores: [...repositoryFiles, ...chatFiles],
    rules: { 'no-restricted-imports': ['error', { patterns: [...drizzlePatterns, chatInsides] }] },
  },
  {
    // The chat module's own files may use its insides (it has its own repositories and the Drizzle boundary).
    files: chatFiles,
    ignores: repositoryFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: drizzlePatterns }] },
  },
  {
    // Repositories outside the chat module: Drizzle, but the chat only through its entry.
    files: repositoryFiles,
    ignores: chatFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [chatInsides] }] },
  },
  { files: sizedFiles, ignores: unsizedFiles, rules: sizeRules },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...featureZones,
  {
    // One formatting helper (#40.5): numbers, prices, dates and durations shown go through apps/web/src/lib/format.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toFixed'].map((property) => ({
          property,
          message: 'Format for display with the helpers of @/lib/format (formatNumber, formatDecimal, formatDate…).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Intl lives in @/lib/format only: use or add a helper there (formatNumber, formatDate…).',
        },
      ],
    },
  },
  {
    // No import cycles between the web features' modules, nor between features where one has an entry.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { 'web-features': webFeatures },
    rules: { 'web-features/no-cycle': 'error' },
  },
);
