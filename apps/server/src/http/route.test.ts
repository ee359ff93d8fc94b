import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Endpoint } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { schemaOf } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const endpoints: [string, Endpoint][] = Object.entries(api).flatMap(([domain, group]) =>
  Object.entries(group).map(([name, e]): [string, Endpoint] => [`${domain}.${name}`, e]),
);

describe('the contract and the server', () => {
  it.each(endpoints)('%s is served at its method and path', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
  });

  it('documents every endpoint in the OpenAPI document with its summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    };
    for (const [name, e] of endpoints) {
      const openApiPath = e.path.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[e.method.toLowerCase()];
      expect(op?.summary, name).toBe(e.summary);
      expect(op?.security !== undefined, name).toBe(e.auth !== 'none');
    }
  });
});

describe('schemaOf', () => {
  it('adds the error responses a route of its kind can give', () => {
    const avatar = schemaOf(api.users.uploadAvatar).response as Record<number, unknown>;
    expect(Object.keys(avatar).map(Number).sort()).toEqual([200, 400, 401, 404, 413, 415, 429]);
    const login = schemaOf(api.auth.login).response as Record<number, unknown>;
    expect(login[403]).toBe(api.auth.login.errors[403]);
    const register = schemaOf(api.auth.register).response as Record<number, unknown>;
    expect(Object.keys(register).map(Number)).toContain(201);
  });
});
