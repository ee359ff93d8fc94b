// Client addresses behind a reverse proxy (TRUST_PROXY): per-address limits count the address the proxy saw, never
// one the client wrote into X-Forwarded-For itself. nginx's usual `proxy_set_header X-Forwarded-For
// $proxy_add_x_forwarded_for` keeps what the client sent and appends the real address, as these requests do.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { csrfHeaders, uniqueName } from '../../test/factories.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function app(trustProxy: string | undefined): Promise<TestApp> {
  const t = await createTestApp(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
  apps.push(t);
  return t;
}

const NGINX = '127.0.0.1';

/** 12 sign-ups from one real client address, each claiming another address of its own: the statuses. */
async function signUpsFromOneClient(t: TestApp, realClient: string, via: { remoteAddress: string; proxies?: string[] }) {
  const statuses: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const name = uniqueName('xff');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: via.remoteAddress,
      headers: {
        ...(await csrfHeaders(t.app)),
        'x-forwarded-for': [`203.0.113.${i}`, realClient, ...(via.proxies ?? [])].join(', '),
      },
      payload: { email: `${name}@example.com`, username: name, password: 'secret12' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const tenThenRefused = [...Array<number>(10).fill(201), 429, 429];

describe('TRUST_PROXY', () => {
  it('with one proxy (TRUST_PROXY=1), a forged X-Forwarded-For does not escape the sign-up limit of the real address', async () => {
    const t = await app('1');
    expect(await signUpsFromOneClient(t, '198.51.100.7', { remoteAddress: NGINX })).toEqual(tenThenRefused);
    // Another real client still gets in.
    expect((await signUpsFromOneClient(t, '198.51.100.8', { remoteAddress: NGINX }))[0]).toBe(201);
  }, 60_000);

  it('with proxy addresses (TRUST_PROXY=<CIDRs>), the client is the first address from the right that is not a proxy', async () => {
    const t = await app('127.0.0.1/8, 10.0.0.0/8');
    // nginx on 127.0.0.1 behind a load balancer on 10.1.2.3: the real client is the address the balancer saw.
    expect(await signUpsFromOneClient(t, '198.51.100.9', { remoteAddress: NGINX, proxies: ['10.1.2.3'] })).toEqual(tenThenRefused);
    // X-Forwarded-Proto still counts from a trusted proxy: the CSRF cookie is Secure.
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      remoteAddress: NGINX,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(csrf.cookies.find((c) => c.name === 'rv_csrf')?.secure).toBe(true);
    // An address outside the list is the client itself, whatever it forwards.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.cookies.find((c) => c.name === 'rv_csrf')).toBeDefined();
    expect(direct.cookies.find((c) => c.name === 'rv_csrf')?.secure).toBeUndefined();
  }, 60_000);

  it('without TRUST_PROXY, X-Forwarded-For is ignored: everyone behind the proxy is the proxy', async () => {
    const t = await app(undefined);
    expect(await signUpsFromOneClient(t, '198.51.100.10', { remoteAddress: '192.0.2.60' })).toEqual(tenThenRefused);
  }, 60_000);

  it('refuses to trust every address, and says what to set instead', () => {
    for (const value of ['true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=true would believe any address a client writes.*TRUST_PROXY=1/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY: "nginx" is not/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1, fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });
});
