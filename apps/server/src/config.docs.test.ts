// docs/configuration.md must list exactly the variables the server reads, each with the default the code uses, so
// the settings table cannot drift from config.ts. Failures say which row to add, remove or correct.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadConfig } from './config.ts';
import { DEFAULT_CATALOG } from './modules/billing/catalog.ts';
import { OperatorEnv } from './modules/content/content.config.ts';
import { DEFAULT_COMFYUI_WORKFLOW, HORDE_ANONYMOUS_KEY, HORDE_DEFAULT_URL } from './providers/images/index.ts';
import { DEFAULT_MODEL_URL, defaultThreads } from './providers/llm/index.ts';

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(srcDir, '../../..');
const DOC = 'docs/configuration.md';
const doc = readFileSync(path.join(repoRoot, DOC), 'utf8');

/** Table rows whose first cell is one backticked variable name: name → default cell (first occurrence). */
function documentedRows(): { rows: Map<string, string>; duplicates: string[] } {
  const rows = new Map<string, string>();
  const duplicates: string[] = [];
  for (const line of doc.split('\n')) {
    const m = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/.exec(line);
    if (!m) continue;
    const [, name = '', cell = ''] = m;
    if (rows.has(name)) duplicates.push(name);
    else rows.set(name, cell.trim());
  }
  return { rows, duplicates };
}

/** VITE_* variables the web app reads at build time. */
function webBuildVariables(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(full, 'utf8').matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)) found.add(m[1]!);
      }
    }
  };
  walk(path.join(repoRoot, 'apps/web/src'));
  return [...found];
}

const serverVariables = [...Object.keys(EnvSchema.shape), ...Object.keys(OperatorEnv.shape)];

/** A value as the doc writes it: paths inside the checkout relative to it (`./data`), everything else as text. */
function display(value: unknown): string {
  if (typeof value === 'string' && path.isAbsolute(value) && value.startsWith(repoRoot + path.sep)) {
    return `./${path.relative(repoRoot, value)}`;
  }
  return String(value);
}

/** A literal default inside a provider (`pollMs ?? 2_000`, `retries = 2`, `?? 15 * 60_000`), as a number. */
function sourceDefault(file: string, pattern: RegExp): string {
  const text = readFileSync(path.join(srcDir, file), 'utf8');
  const m = pattern.exec(text);
  if (!m?.[1]) throw new Error(`config.docs.test.ts: no default matching ${pattern} in src/${file}; update the pattern`);
  const value = m[1]
    .replace(/_/g, '')
    .split('*')
    .reduce((product, factor) => product * Number(factor.trim()), 1);
  return `\`${value}\``;
}

const productionFacts = {
  NODE_ENV: 'production',
  OPERATOR_NAME: 'Example Ltd',
  OPERATOR_ADDRESS: '1 Example Street',
  OPERATOR_EMAIL: 'hello@example.com',
  DMCA_AGENT: 'A. Agent',
  GOVERNING_LAW: 'the laws of Example',
  PUBLIC_URL: 'https://example.com',
};

/**
 * Defaults decided outside the zod schema (in loadConfig or a provider): the texts each one's default cell must
 * contain, derived from the code that decides it.
 */
function codeDefaults(): Record<string, string[]> {
  const dev = loadConfig({ NODE_ENV: 'development' });
  const prod = loadConfig(productionFacts);
  const testEnv = loadConfig({ NODE_ENV: 'test' });
  const withEmail = loadConfig({ OPERATOR_EMAIL: 'ops@example.com' });
  const port = loadConfig({ PORT: '4321' }).publicUrl.replace('4321', '$PORT');
  expect(defaultThreads(2), 'the LLM_THREADS row says 1 thread on 2 cores').toBe(1);
  expect(defaultThreads(8), 'the LLM_THREADS row says cores − 1').toBe(7);
  const llm = 'providers/llm';
  const img = 'providers/images';
  return {
    PUBLIC_URL: [`\`${port}\``],
    SANDBOX_TOP_UP: [`\`${dev.sandboxTopUp}\``, `\`${prod.sandboxTopUp}\` with \`NODE_ENV=production\``],
    SEED_CONTENT: [`\`${dev.seedContent}\``, `\`${testEnv.seedContent}\` under \`NODE_ENV=test\``],
    PRIVACY_EMAIL: [withEmail.operator.PRIVACY_EMAIL === 'ops@example.com' ? '`OPERATOR_EMAIL`' : '(not OPERATOR_EMAIL)'],
    DMCA_EMAIL: [withEmail.operator.DMCA_EMAIL === 'ops@example.com' ? '`OPERATOR_EMAIL`' : '(not OPERATOR_EMAIL)'],
    LLM_MODEL_URL: ['unset', `\`${DEFAULT_MODEL_URL}\``],
    LLM_THREADS: [`1 on ≤ 2 cores, else cores − 1, at most ${defaultThreads(10_000)}`],
    LLM_CONTEXT_SIZE: [
      `embedded ${sourceDefault(`${llm}/embedded.ts`, /opts\.contextSize \?\? ([\d_]+)/)}`,
      `else ${sourceDefault(`${llm}/openai.ts`, /return configured \?\? ([\d_]+)/)}`,
    ],
    LLM_DOWNLOAD_RETRIES: [sourceDefault(`${llm}/download.ts`, /opts\.retries \?\? ([\d_]+)/)],
    LLM_DOWNLOAD_RETRY_DELAY_MS: [sourceDefault(`${llm}/download.ts`, /opts\.retryDelayMs \?\? ([\d_]+)/)],
    LLM_CONNECT_TIMEOUT_MS: [sourceDefault(`${llm}/openai.ts`, /connectTimeoutMs = ([\d_]+)/)],
    LLM_FIRST_TOKEN_TIMEOUT_MS: [sourceDefault(`${llm}/openai.ts`, /firstTokenTimeoutMs = ([\d_]+)/)],
    LLM_IDLE_TIMEOUT_MS: [sourceDefault(`${llm}/openai.ts`, /idleTimeoutMs = ([\d_]+)/)],
    LLM_RETRIES: [sourceDefault(`${llm}/openai.ts`, /\bretries = ([\d_]+)/)],
    IMAGES_URL: [`horde: \`${HORDE_DEFAULT_URL}\``],
    IMAGES_API_KEY: ['unset', `\`${HORDE_ANONYMOUS_KEY}\``],
    IMAGES_COMFYUI_WORKFLOW: [`\`${display(DEFAULT_COMFYUI_WORKFLOW)}\``],
    IMAGES_JOB_TIMEOUT_MS: [
      `horde ${sourceDefault(`${img}/horde.ts`, /jobTimeoutMs \?\? ([\d_ *]+)/)}`,
      `sdapi and comfyui ${sourceDefault(`${img}/sdapi.ts`, /jobTimeoutMs \?\? ([\d_ *]+)/)}`,
      sourceDefault(`${img}/comfyui.ts`, /jobTimeoutMs \?\? ([\d_ *]+)/),
      `openai ${sourceDefault(`${img}/openai.ts`, /jobTimeoutMs \?\? ([\d_ *]+)/)}`,
    ],
    IMAGES_POLL_MS: [
      `horde ${sourceDefault(`${img}/horde.ts`, /pollMs \?\? ([\d_]+)/)}`,
      `comfyui ${sourceDefault(`${img}/comfyui.ts`, /pollMs \?\? ([\d_]+)/)}`,
    ],
    IMAGE_COST: ['unset', `\`${DEFAULT_CATALOG.costs.image}\``],
  };
}

describe(`${DOC} against config.ts`, () => {
  const { rows, duplicates } = documentedRows();
  const read = [...serverVariables, ...webBuildVariables()];

  it('lists every variable the server and the web build read, once', () => {
    expect(duplicates, `${DOC} lists these variables twice; keep one row each`).toEqual([]);
    const missing = read.filter((name) => !rows.has(name));
    expect(
      missing.map((name) => `${name}: add a row "| \`${name}\` | <default> | <what it does> |" to ${DOC}`),
      `variables read by apps/server/src/config.ts (or the web build) but missing from ${DOC}`,
    ).toEqual([]);
  });

  it('lists no variable that nothing reads', () => {
    const extra = [...rows.keys()].filter((name) => !read.includes(name));
    expect(
      extra.map((name) => `${name}: no code reads it; remove its row from ${DOC} (or read it in config.ts)`),
      `rows in ${DOC} for variables the code does not read`,
    ).toEqual([]);
  });

  it('gives each variable the default the code uses', () => {
    const computed = codeDefaults();
    const wrong: string[] = [];
    for (const name of serverVariables) {
      const cell = rows.get(name);
      if (cell === undefined) continue; // reported by the first test
      const shape = EnvSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
      const parsed = (shape[name] ?? OperatorEnv.shape[name as keyof typeof OperatorEnv.shape]).safeParse(undefined);
      const schemaDefault = parsed.success ? parsed.data : undefined;
      const expected = schemaDefault !== undefined ? [`\`${display(schemaDefault)}\``] : (computed[name] ?? ['unset']);
      for (const text of expected) {
        const ok = text === 'unset' ? cell.startsWith('unset') : cell.includes(text);
        if (!ok) wrong.push(`${name}: its default cell reads "${cell}" but must ${text === 'unset' ? 'begin with' : 'contain'} ${text}`);
      }
    }
    for (const name of webBuildVariables()) {
      if (rows.has(name) && !rows.get(name)!.startsWith('unset')) wrong.push(`${name}: a build-time variable defaults to unset`);
    }
    expect(wrong, `default cells in ${DOC} that disagree with the code`).toEqual([]);
  });
});
