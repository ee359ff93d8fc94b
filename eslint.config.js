import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
const chatFiles = ['apps/server/src/modules/chat/**'];
const chatInsides = {
  regex: '(^|/)modules/chat/(?!index\\.ts$)|^(\\.\\./)+chat/(?!index\\.ts$)',
  message: 'Import the chat module from its entry (modules/chat/index.ts), not its insides: export what you need there.',
};

// Where every reply passes (#40.4): functions read in one screen, files in one sitting. Tests are exempt (a suite is
// one long function by nature).
const sizedFiles = [
  'apps/server/src/modules/chat/**/*.ts',
  'apps/server/src/modules/groups/**/*.ts',
  'apps/server/src/providers/llm/**/*.ts',
];
const sizeRules = {
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
  'max-lines': ['error', { max: 400 }],
};

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
  { files: sizedFiles, ignores: ['**/*.test.ts'], rules: sizeRules },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
