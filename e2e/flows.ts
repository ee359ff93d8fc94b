// Shared steps of the browser journeys: outbox links, HTTP preconditions, the auth dialogs and the header menu.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  api,
  buildPath,
  type AuthResponse,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointResponse,
} from '@reverie/shared';
import { expect } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { newPage, passAgeGate, type E2EPage, type Harness } from './harness.ts';

export const DESKTOP = { width: 1280, height: 800 };

/** Server settings for chat on the embedded provider with the self-made tiny GGUF (one thread, no GPU). */
export const tinyModelEnv = (): Record<string, string> => ({
  LLM_MODEL_PATH: tinyModelPath(1),
  LLM_CONTEXT_SIZE: '1024',
  LLM_THREADS: '1',
  LLM_GPU: 'false',
});
export const MOBILE = { width: 390, height: 844 };

export interface OutboxMail {
  to: string;
  subject: string;
  links?: string[];
}

/** Names of the outbox files present now (so a later wait can insist on a newer mail). */
export async function outboxFiles(dataDir: string): Promise<Set<string>> {
  return new Set((await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((f) => f.endsWith('.json')));
}

/** The newest outbox message to `to` with a link containing `linkPart` (not one of `seen`), waiting up to 10 s. */
export async function newestMailLink(dataDir: string, to: string, linkPart: string, seen = new Set<string>()): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json') && !seen.has(f))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
      const link = mail.to === to ? mail.links?.find((l) => l.includes(linkPart)) : undefined;
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} with a ${linkPart} link in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The link with its origin replaced by the harness server's. */
export function onServer(h: Harness, link: string): string {
  const url = new URL(link);
  const server = new URL(h.server.url);
  url.protocol = server.protocol;
  url.host = server.host;
  return url.toString();
}

/**
 * Minimal HTTP client for preconditions, typed by the shared endpoint descriptors: fills the path, sends JSON,
 * the CSRF token (with its cookie) when the endpoint wants it, and an optional bearer token.
 */
export async function apiCall<E extends Endpoint>(
  h: Harness,
  endpoint: E,
  input: { params?: EndpointParams<E>; body?: EndpointBody<E>; token?: string } = {},
): Promise<EndpointResponse<E>> {
  const { method } = endpoint;
  const urlPath = buildPath(endpoint, input.params as Record<string, string> | undefined);
  const body = input.body;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  if (endpoint.csrf) {
    const res = await fetch(`${h.server.url}/api/auth/csrf`);
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    headers['x-csrf-token'] = csrfToken;
    headers.cookie = cookie;
  }
  const res = await fetch(`${h.server.url}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status}: ${text}`);
  return JSON.parse(text) as EndpointResponse<E>;
}

export const header = (page: Page) => page.getByTestId('header');

/**
 * Call after typing: Send is on once there is text and the chat page has seen the model ready (its first status may
 * still say the model is loading).
 */
export async function untilSendIsOn(page: Page) {
  await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 30_000 }).toBe(true);
}
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const accountMenu = (page: Page) => header(page).getByRole('button', { name: /Account menu for/ });

export function expectClean(p: E2EPage, what: string) {
  expect(p.problemList(), `console/page errors during ${what}`).toEqual([]);
}

/** A context that is already signed in as `email` (tokens from an API login, as the app stores them). */
export async function signedInPage(h: Harness, email: string, password: string): Promise<E2EPage> {
  return pageWithSession(h, await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password } }));
}

/** A context whose storage holds the session from an auth answer (login, register, Google). */
export async function pageWithSession(
  h: Harness,
  auth: AuthResponse,
  viewport = DESKTOP,
  options: Parameters<typeof newPage>[2] = {},
): Promise<E2EPage> {
  const p = await newPage(h, viewport, options);
  await passAgeGate(p.page);
  await p.context.addInitScript((session: AuthResponse) => {
    try {
      if (window.localStorage.getItem('rv_e2e_seeded') === null) {
        window.localStorage.setItem('rv_e2e_seeded', '1');
        window.localStorage.setItem('rv_access_token', session.accessToken);
        window.localStorage.setItem('rv_refresh_token', session.refreshToken);
        window.localStorage.setItem('rv_user', JSON.stringify(session.user));
      }
    } catch {
      // about:blank has no localStorage
    }
  }, auth);
  return p;
}

export async function signInWithDialog(page: Page, emailOrUsername: string, password: string): Promise<Locator> {
  const signIn = dialog(page, 'Sign in to Reverie');
  await signIn.waitFor({ state: 'visible', timeout: 10_000 });
  await signIn.getByLabel('Email or Username').fill(emailOrUsername);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  return signIn;
}

export async function signOutFromMenu(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await header(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * A signed-up account that verified its e-mail (through the outbox link) and finished onboarding, as the
 * precondition of journeys that test pages behind sign-in rather than sign-up itself.
 */
export async function registerReadyUser(h: Harness, account: { email: string; username: string; password: string }): Promise<AuthResponse> {
  const { email, username, password } = account;
  const seen = await outboxFiles(h.server.dataDir);
  const registered = await apiCall(h, api.auth.register, { body: { email, username, password, confirmPassword: password } });
  const link = new URL(await newestMailLink(h.server.dataDir, email, '/verify-email', seen));
  await apiCall(h, api.auth.verifyEmail, { body: { token: link.searchParams.get('token') ?? '' } });
  await apiCall(h, api.users.updatePreferences, {
    params: { id: registered.user.id },
    body: { selectedTags: ['female', 'fantasy', 'romance', 'playful', 'sfw'], completedOnboarding: true },
    token: registered.accessToken,
  });
  return registered;
}
