import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  api,
  buildPath,
  defineEndpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type FormDataLike,
  type PathParamNames,
} from './index.ts';

describe('buildPath', () => {
  it('fills each :param and URL-encodes it', () => {
    expect(buildPath(api.users.uploadAvatar, { id: 'a/b c?d' })).toBe('/api/users/a%2Fb%20c%3Fd/avatar');
    expect(buildPath({ path: '/api/x/:first/y/:second' }, { first: 1, second: 'ü' })).toBe('/api/x/1/y/%C3%BC');
  });

  it('leaves a path without params unchanged', () => {
    expect(buildPath(api.tags.list)).toBe('/api/tags');
  });

  it('refuses a missing or empty param instead of requesting /undefined', () => {
    expect(() => buildPath(api.users.publicProfile, {})).toThrow('Missing path parameter "id" for /api/users/:id');
    expect(() => buildPath(api.users.publicProfile, { id: '' })).toThrow(/Missing path parameter "id"/);
  });
});

describe('every endpoint', () => {
  const all = Object.values(api).flatMap((domain) => Object.values(domain));

  it('has a unique method and path', () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly when its path has :params', () => {
    for (const e of all) expect({ path: e.path, params: 'params' in e }).toEqual({ path: e.path, params: e.path.includes(':') });
  });
});

describe('type inference', () => {
  it('infers input types (before defaults) and output types', () => {
    expectTypeOf<EndpointParams<typeof api.users.updateSettings>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<EndpointQuery<typeof api.tags.list>>().toEqualTypeOf<{ limit?: number | undefined; category?: string | undefined }>();
    expectTypeOf<EndpointResponse<typeof api.tags.list>['items'][number]['isNSFW']>().toEqualTypeOf<boolean>();
    expectTypeOf<EndpointBody<typeof api.auth.login>>().toEqualTypeOf<{ emailOrUsername: string; password: string }>();
    expectTypeOf<EndpointBody<typeof api.users.uploadAvatar>>().toEqualTypeOf<FormDataLike>();
    expectTypeOf<EndpointBody<typeof api.auth.changePassword>>().toEqualTypeOf<{
      currentPassword?: string | undefined;
      newPassword: string;
    }>();
  });

  it('gives undefined for parts an endpoint does not have', () => {
    expectTypeOf<EndpointParams<typeof api.auth.me>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointBody<typeof api.auth.me>>().toEqualTypeOf<undefined>();
  });

  it('keeps literal method and path', () => {
    const e = defineEndpoint({
      method: 'DELETE',
      path: '/api/things/:id',
      params: z.object({ id: z.string() }),
      response: z.object({ ok: z.literal(true) }),
      auth: 'required',
      summary: 'x',
      tags: ['t'],
    });
    expectTypeOf(e.method).toEqualTypeOf<'DELETE'>();
    expectTypeOf(e.path).toEqualTypeOf<'/api/things/:id'>();
    expectTypeOf<PathParamNames<typeof e.path>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParamNames<'/a/:x/b/:y'>>().toEqualTypeOf<'x' | 'y'>();
    expectTypeOf<EndpointResponse<typeof e>>().toEqualTypeOf<{ ok: true }>();
  });
});
