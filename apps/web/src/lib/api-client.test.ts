import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, buildUrl, getErrorMessage, resetApiClientState, setReloadHandler } from './api-client';
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

describe('apiRequest', () => {
  it('sends cookies, the bearer token and a JSON body; parses JSON', async () => {
    const token = jwt(3600);
    setTokens({ accessToken: token, refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ id: 'c1' }, 201));
    await expect(api.post('/api/characters', { name: 'Ava' })).resolves.toEqual({ id: 'c1' });
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
    await expect(api.delete('/api/favorites/1')).resolves.toBeUndefined();
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
    await api.post('/api/users/1/avatar', form);
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
    const error = await api.get('/api/characters/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', body, message: `404: ${JSON.stringify(body)}` });
    expect(getErrorMessage(error, 'fallback')).toBe('Character not found');
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(api.get('/api/faq')).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('refreshes an expired access token once before requesting (single-flight)', async () => {
    setTokens({ accessToken: jwt(-10), refreshToken: 'r1' });
    const fresh = jwt(900);
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/refresh') return json({ accessToken: fresh, refreshToken: 'r2' });
      return json({ ok: true });
    });
    await Promise.all([api.get('/api/auth/me'), api.get('/api/coins/info')]);
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
    await expect(api.get('/api/auth/me')).rejects.toThrow('No refresh token available');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it('clears the session when the server rejects the refresh', async () => {
    setTokens({ accessToken: jwt(-10), refreshToken: 'stale' });
    setStoredUser({ id: 'u1' });
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'UNAUTHORIZED', message: 'Refresh token revoked' } }, 401));
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it.each(['Invalid or expired token', 'invalid signature'])('on 401 "%s": clears the session and reloads', async (text) => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    setStoredUser({ id: 'u1' });
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'INVALID_TOKEN', message: text }, message: text }, 401));
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('does not reload on other 401s', async () => {
    setTokens({ accessToken: jwt(3600), refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid credentials' }, 401));
    await expect(api.post('/api/auth/me/password', {})).rejects.toThrow('401: {"message":"Invalid credentials"}');
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
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {}, csrf: true })).resolves.toEqual({ ok: 1 });
    await expect(apiRequest('/api/auth/logout', { method: 'POST', csrf: true })).resolves.toEqual({ ok: 3 });
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
    await expect(apiRequest('/api/auth/register', { method: 'POST', body: {}, csrf: true })).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_FAILED',
    });
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/auth/register')).toHaveLength(2);
  });
});
