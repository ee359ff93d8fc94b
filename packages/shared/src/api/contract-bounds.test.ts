// Every text a client can send is bounded and refuses control characters (issue 7, items 6 and 7).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from './index.ts';
import { UserSettings } from '../schemas/users.ts';
import { UpdateSettingsBody } from '../schemas/users.ts';

type JsonSchema = { type?: string; maxLength?: number; pattern?: string; format?: string; enum?: unknown[]; allOf?: JsonSchema[] } & Record<
  string,
  unknown
>;

/** Every string node of a JSON schema, with its path. */
function strings(node: unknown, path: string, out: Array<{ path: string; node: JsonSchema }>) {
  if (!node || typeof node !== 'object') return out;
  const n = node as JsonSchema;
  if (n.type === 'string') out.push({ path, node: n });
  for (const [k, v] of Object.entries(n)) {
    if (Array.isArray(v)) v.forEach((item, i) => strings(item, `${path}.${k}[${i}]`, out));
    else if (v && typeof v === 'object') strings(v, `${path}.${k}`, out);
  }
  return out;
}

const patterns = (n: JsonSchema) => [n.pattern, ...(n.allOf ?? []).map((a) => a.pattern)].filter((p): p is string => !!p);

const inputs = Object.entries(api).flatMap(([domain, endpoints]) =>
  Object.entries(endpoints).flatMap(([name, e]) =>
    (['params', 'query', 'body', 'headers'] as const)
      .filter((part) => part in e && (e as Record<string, unknown>)[part])
      .map((part) => ({ where: `${domain}.${name}.${part}`, schema: (e as unknown as Record<string, z.ZodType>)[part]! })),
  ),
);

describe('the request contract', () => {
  it('finds the inputs it checks', () => {
    expect(inputs.map((i) => i.where)).toEqual(
      expect.arrayContaining(['auth.login.body', 'users.updateSettings.body', 'billing.addCoins.headers']),
    );
  });

  it('bounds every string', () => {
    const unbounded = inputs.flatMap(({ where, schema }) =>
      strings(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), where, [])
        .filter(({ node }) => node.maxLength === undefined && !node.enum && node.const === undefined && node.format !== 'uuid')
        .map(({ path }) => path),
    );
    expect(unbounded).toEqual([]);
  });

  it('refuses control characters in every string', () => {
    const open = inputs.flatMap(({ where, schema }) =>
      strings(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), where, [])
        .filter(({ node }) => !node.enum && node.const === undefined && node.format !== 'uuid')
        .filter(({ node }) => !patterns(node).some((p) => !new RegExp(p, 'u').test('a\u0000b') && !new RegExp(p, 'u').test('a\u001bb')))
        .map(({ path }) => path),
    );
    expect(open).toEqual([]);
  });

  it('keeps settings.language a short language tag', () => {
    expect(UpdateSettingsBody.safeParse({ language: 'en' }).success).toBe(true);
    expect(UpdateSettingsBody.safeParse({ language: 'pt-BR' }).success).toBe(true);
    expect(UpdateSettingsBody.safeParse({ language: 'zh-Hant-TW' }).success).toBe(true);
    expect(UpdateSettingsBody.safeParse({ language: 'x'.repeat(900_000) }).success).toBe(false);
    expect(UpdateSettingsBody.safeParse({ language: 'en-GB-oxendict-x' }).success).toBe(false);
    expect(UpdateSettingsBody.safeParse({ language: '<script>' }).success).toBe(false);
    expect(UserSettings.shape.language).toBeDefined();
  });
});
