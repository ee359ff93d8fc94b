// E2E harness: the real server (see server-process.ts) plus Debian Chromium driven by playwright-core.
// Each journey gets a fresh browser context; everything is torn down in afterAll.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { ageGatePassed } from './age-gate.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export { startServer, type ServerProcess } from './server-process.ts';

export const artifactsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
/** A loopback port nothing listens on (discard): where the browser's requests to other hosts go. */
const NOWHERE = 'http://127.0.0.1:9';

if (!hasChromium) {
  if (process.env.CI) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! E2E SUITE SKIPPED: Chromium not found at ${chromiumPath}.\n` +
      `!! Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH=/path/to/chromium)\n` +
      `!! With CI set, a missing Chromium fails the run instead.\n${bar}\n`,
  );
}

/** `describe` when Chromium is available, `describe.skip` otherwise (see the message above). */
export const describeE2E = hasChromium ? describe : describe.skip;

/**
 * Headless Chromium with the house flags; `extraArgs` for what a journey needs beside them (a fake microphone).
 * Nothing leaves the machine: every request but to loopback goes to a proxy at a closed port and fails at once
 * (Chromium never sends loopback through a proxy). newPage records such requests.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--proxy-server=${NOWHERE}`,
      ...extraArgs,
    ],
  });
}

export interface Harness {
  server: ServerProcess;
  browser: Browser;
}

/** What a page reported that a journey usually wants to be empty. */
export interface PageProblems {
  /** console.error messages (including the browser's "Failed to load resource" lines). */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  pageErrors: string[];
  /** Same-origin responses with status >= 500 and failed same-origin requests. */
  serverErrors: string[];
  /** Requests to other origins (those to other hosts fail at once: nothing leaves the machine). */
  externalRequests: string[];
}

export interface E2EPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  /**
   * All problems as readable lines; `[]` when clean. By default the browser's own
   * "Failed to load resource: … status of 4xx" console lines are left out: a guest's 401 or a 404 from an
   * API the page probes is an HTTP answer, not a page bug (5xx answers are always reported).
   */
  problemList(options?: { include4xx?: boolean }): string[];
}

/**
 * Registers beforeAll/afterAll that start the server and the browser and stop both afterwards.
 * The returned object is filled in once beforeAll has run.
 */
export function useHarness(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    // Side by side: the server's start waits on its database and files, the browser's on its own processes.
    const [server, browser] = await Promise.allSettled([startServer(), launchBrowser()]);
    if (server.status === 'fulfilled') h.server = server.value;
    if (browser.status === 'fulfilled') h.browser = browser.value;
    const failed = [server, browser].find((r) => r.status === 'rejected');
    if (failed) {
      await h.browser?.close().catch(() => undefined);
      await h.server?.stop();
      throw failed.reason;
    }
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });
  return h;
}

/**
 * A fresh browser context (own storage, own cookies) with the given viewport and one page in it.
 * Requests to other origins are listed in `problems.externalRequests` (those to other hosts fail: launchBrowser);
 * a journey that needs an answer from one routes it itself (page.route).
 * The app's service worker is blocked (it would precache every route chunk in each context) unless
 * `serviceWorkers: 'allow'` (e2e/pwa.e2e.ts).
 */
export async function newPage(
  ctx: Harness,
  viewport: { width: number; height: number },
  options: { serviceWorkers?: 'allow' | 'block'; userAgent?: string } = {},
): Promise<E2EPage> {
  const origin = new URL(ctx.server.url).origin;
  const context = await ctx.browser.newContext({
    baseURL: ctx.server.url,
    viewport,
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], serverErrors: [], externalRequests: [] };

  // Watched, not intercepted: Playwright's request interception (it answered other origins with a 204) paused every
  // request of the page for the test process, about a third of the tier's CPU.
  const isExternal = (url: string) => /^https?:/.test(url) && new URL(url).origin !== origin;
  context.on('request', (req) => {
    if (isExternal(req.url())) problems.externalRequests.push(req.url());
  });

  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const source = msg.location().url;
    // The failure of a request to another origin is recorded as one (externalRequests), not as a page error.
    if (isExternal(source) && msg.text().startsWith('Failed to load resource')) return;
    problems.consoleErrors.push(`${msg.text()} (${source && source !== page.url() ? `${source} on ` : 'at '}${page.url()})`);
  });
  page.on('pageerror', (err) => problems.pageErrors.push(`${err.message} (at ${page.url()})`));
  page.on('response', (res) => {
    if (res.status() >= 500 && res.url().startsWith(origin))
      problems.serverErrors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? 'failed';
    // Navigations away (and requests cancelled by them) abort in-flight requests; that is not a problem.
    if (req.url().startsWith(origin) && failure !== 'net::ERR_ABORTED')
      problems.serverErrors.push(`${failure} ${req.method()} ${req.url()}`);
  });

  return {
    page,
    context,
    problems,
    problemList: ({ include4xx = false } = {}) => [
      ...problems.pageErrors.map((m) => `pageerror: ${m}`),
      ...problems.consoleErrors
        .filter((m) => include4xx || !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m))
        .map((m) => `console.error: ${m}`),
      ...problems.serverErrors.map((m) => `server: ${m}`),
    ],
  };
}

/** Marks the age gate as passed (product.md §4: flag 'true', timestamp now, version v3) for every page the context opens. */
export async function passAgeGate(page: Page): Promise<void> {
  await page.context().addInitScript(ageGatePassed);
}

/** Saves a PNG of the viewport (or the full page) to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}
