// The crisis protocol's counts keep nothing that names a person or repeats their words (docs/compliance.md): the
// table has exactly a day, a country, a language, the layer and a count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('crisis_counts', () => {
  it('holds counts only: day, region, language, layer, count', async () => {
    const { db } = t.deps.database;
    const columns = await db.execute(sql`select column_name from information_schema.columns where table_name = 'crisis_counts' order by 1`);
    const names = (columns as unknown as { rows: Array<{ column_name: string }> }).rows.map((r) => r.column_name);
    expect(names).toEqual(['count', 'day', 'detected_by', 'language', 'region']);
  });

  it('adds to the same row for the same day, region, language and layer', async () => {
    const key = { day: '2026-11-25', region: 'GB', language: 'en', detectedBy: 'lexicon' as const };
    await t.deps.uow.repos.crisis.increment(key);
    await t.deps.uow.repos.crisis.increment(key);
    await t.deps.uow.repos.crisis.increment({ ...key, day: '2025-12-31' });
    expect(await t.deps.uow.repos.crisis.year(2026)).toEqual([
      { month: '2026-11', region: 'GB', language: 'en', detectedBy: 'lexicon', count: 2 },
    ]);
  });
});
