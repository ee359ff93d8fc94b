// The migrations' journal as drizzle's migrator reads it: a database runs every migration whose `when` is later than
// the last one it applied, so `when` must grow with the number. Branches that each generate a migration and are then
// renumbered can leave them out of order (0030–0035 did): an upgraded database would then skip one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json');

describe('the migrations journal', () => {
  it('numbers the migrations in order, and each one is later than the one before', async () => {
    const { entries } = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    for (const [i, e] of entries.entries()) {
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when, `${e.tag} must come after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    }
  });
});
