import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest, buildUrl, getErrorMessage, httpRequest, resetApiClientState, setReloadHandler } from './api-client';
import { getAccessToken, getRefreshToken, getStoredUser, setStoredUser, setTokens } from './auth-tokens';
import { requestQueue } from './request-queue';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const jwt = (expSecondsFromNow: number) =>
  `${b64url('{"alg":"EdDSA"}')}.${b64url(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow }))}.sig`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let reload: ReturnType<typeof vi.fn<() => void>>;
let restoreReload: () => void;

const callOf = (n: number) => {
  const call = fetchMock.mock.calls[n];
  if (!call) throw new Error(`no fetch call #${n}`);
  return { url: call[0], init: call[1], headers: new Headers(call[1].headers) };
};

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  reload = vi.fn<() => void>();
  restoreReload = setReloadHandler(reload);
  resetApiClientState();
  requestQueue.reset();
});

afterEach(() => {
  restoreReload();
  vi.unstubAllGlobals();
});

describe('httpRequest', () => {
  it('sends cookies, the bearer token and a JSON body; parses JSON', async () => {
    const token = jwt(3600);
    setTokens({ accessToken: token, refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ id: 'c1' }, 201));
    await expect(httpRequest('/api/characters', { method: 'POST', body: { name: 'Ava' } })).resolves.toEqual({ id: 'c1' });
    const { url, init, headers } = callOf(0);
    expect(url).toBe('/api/characters');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"Ava"}');
  });

  it('sends no Authorization for guests and no content type without a body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(httpRequest('/api/favorites/1', { method: 'DELETE' })).resolves.toBeUndefined();
    const { init, headers } = callOf(0);
    expect(init.method).toBe('DELETE');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.body).toBeUndefined();
  });

  it('passes FormData through untouched', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    fetchMock.mockResolvedValueOnce(json({ avatarUrl: '/m/a.png' }));
    await httpRequest('/api/users/1/avatar', { method: 'POST', body: form });
    const { init, headers } = callOf(0);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('serialises query params, arrays as repeated key[]', () => {
    expect(buildUrl('/api/search', { q: 'elf queen', type: ['characters', 'users'], page: 2, skip: undefined, x: null })).toBe(
      '/api/search?q=elf+queen&type%5B%5D=characters&type%5B%5D=users&page=2',
    );
    expect(buildUrl('/api/tags')).toBe('/api/tags');
  });

  it('throws ApiError "<status>: <body text>" with status, body and code', async () => {
    const body = { error: { code: 'NOT_FOUND', message: 'Character not found' }, message: 'Character not found' };
    fetchMock.mockResolvedValueOnce(json(body, 404));
    const error = await httpRequest('/api/characters/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', body, message: `404: ${JSON.stringify(body)}` });
    expect(getErrorMessage(error, 'fallback')).toBe('Character not found');
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(httpRequest('/api/faq')).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('refreshes an expired access token once before requesting (single-flight)', async () => {
    setTokens({ accessToken: jwt(-10), refreshToken: 'r1' });
    const fresh = jwt(900);
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/refresh') return json({ accessToken: fresh, refreshToken: 'r2' });
      return json({ ok: true });
    });
    await Promise.all([httpRequest('/api/auth/me'), httpRequest('/api/coins/info')]);
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls.filter((u) => u === '/api/auth/refresh')).toHaveLength(1);
    expect(urls[0]).toBe('/api/auth/refresh');
    const refresh = callOf(0);
    expect(refresh.init.body).toBe('{"refreshToken":"r1"}');
    expect(refresh.headers.has('Authorization')).toBe(false);
    expect(callOf(1).headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(callOf(2).headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('r2');
  });

  it('throws "No refresh token available" when expired without a refresh token', async () => {
    localStorage.setItem('rv_access_token', jwt(-10));
    await expect(httpRequest('/api/auth/me')).rejects.toThrow('No refresh token available');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it('clears the session when the server rejects the refresh', async () => {
    setTokens({ accessToken: jwt(-10), refreshToken: 'stale' });
    setStoredUser({ id: 'u1' });
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'UNAUTHORIZED', message: 'Refresh token revoked' } }, 401));
    await expect(httpRequest('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it.each(['Invalid or expired token', 'invalid signature'])('on 401 "%s": clears the session and reloads', async (text) => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    setStoredUser({ id: 'u1' });
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'INVALID_TOKEN', message: text }, message: text }, 401));
    await expect(httpRequest('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('does not reload on other 401s', async () => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid credentials' }, 401));
    await expect(httpRequest('/api/auth/me/password', { method: 'POST', body: {} })).rejects.toThrow(
      '401: {"message":"Invalid credentials"}',
    );
    expect(reload).not.toHaveBeenCalled();
    expect(getAccessToken()).not.toBeNull();
  });

  it('CSRF: fetches a token once, sends it, and retries once on 403 CSRF_FAILED with a new one', async () => {
    let csrfCalls = 0;
    let loginCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/csrf') return json({ csrfToken: `t${++csrfCalls}` });
      loginCalls++;
      if (loginCalls === 2) return json({ error: { code: 'CSRF_FAILED', message: 'Invalid CSRF token' } }, 403);
      return json({ ok: loginCalls });
    });
    await expect(apiRequest(api.auth.login, { body: { emailOrUsername: 'luna', password: 'secret1' } })).resolves.toEqual({ ok: 1 });
    await expect(apiRequest(api.auth.logout, { body: {} })).resolves.toEqual({ ok: 3 });
    const sent = fetchMock.mock.calls.map((c) => [c[0], new Headers(c[1].headers).get('x-csrf-token')]);
    expect(sent).toEqual([
      ['/api/auth/csrf', null],
      ['/api/auth/login', 't1'],
      ['/api/auth/logout', 't1'],
      ['/api/auth/csrf', null],
      ['/api/auth/logout', 't2'],
    ]);
  });

  it('does not retry CSRF twice', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/csrf' ? json({ csrfToken: 't' }) : json({ error: { code: 'CSRF_FAILED', message: 'x' } }, 403),
    );
    await expect(
      apiRequest(api.auth.register, { body: { email: 'a@example.com', username: 'abc', password: 'secret1' } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_FAILED',
    });
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/auth/register')).toHaveLength(2);
  });
});

describe('apiRequest (typed endpoints)', () => {
  const USER_ID = '11111111-1111-4111-8111-111111111111';

  it('takes method and path from the descriptor and fills the path parameters', async () => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ id: USER_ID }));
    await apiRequest(api.users.updateSettings, { params: { id: USER_ID }, body: { emailNotifications: false } });
    const { url, init, headers } = callOf(0);
    expect(url).toBe(`/api/users/${USER_ID}/settings`);
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"emailNotifications":false}');
    expect(headers.get('Authorization')).toMatch(/^Bearer /);
    expect(headers.has('x-csrf-token')).toBe(false);
  });

  it('sends the query string and no bearer token to endpoints without auth', async () => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ items: [], total: 0 }));
    await expect(apiRequest(api.tags.list, { query: { limit: 0 } })).resolves.toEqual({ items: [], total: 0 });
    const { url, headers } = callOf(0);
    expect(url).toBe('/api/tags?limit=0');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends a multipart body as FormData', async () => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    fetchMock.mockResolvedValueOnce(json({ avatarUrl: '/m/a.webp', user: { id: USER_ID } }));
    await apiRequest(api.users.uploadAvatar, { params: { id: USER_ID }, body: form });
    expect(callOf(0).init.body).toBe(form);
  });

  it('refuses to send a request with a missing path parameter', async () => {
    await expect(apiRequest(api.users.publicProfile, { params: { id: '' } })).rejects.toThrow('Missing path parameter "id"');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
