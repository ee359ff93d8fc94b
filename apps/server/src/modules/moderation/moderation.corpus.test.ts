import { describe, expect, it } from 'vitest';
import { judgeItem, loadCorpus } from './corpus/corpus.ts';
import { MINOR_LAYERS, ModerationPolicy } from './index.ts';

// Birth years in the corpus are judged against a fixed day, so the suite does not change verdicts on New Year's Day.
const policy = new ModerationPolicy(undefined, { now: () => new Date('2026-06-01T00:00:00Z') });
const { mustBlock, mustPass } = loadCorpus();

describe('moderation corpus', () => {
  it('is large and varied enough to mean something', () => {
    expect(mustBlock.length + mustPass.length).toBeGreaterThanOrEqual(300);
    expect(mustBlock.length).toBeGreaterThanOrEqual(120);
    expect(mustPass.length).toBeGreaterThanOrEqual(120);
    for (const lang of ['en', 'de', 'es', 'fr', 'pt', 'it']) {
      expect(mustBlock.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(5);
      expect(mustPass.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(5);
    }
    for (const kind of ['card', 'chat', 'split', 'image']) {
      expect(mustBlock.some((i) => i.kind === kind) && mustPass.some((i) => i.kind === kind), kind).toBe(true);
    }
  });

  it('blocks every must-block item (100 %)', () => {
    const missed = mustBlock.filter((item) => !judgeItem(policy, item).blocked).map((i) => `${i.id}: ${JSON.stringify(i.fields)}`);
    expect(missed).toEqual([]);
  });

  it('wrongly blocks at most 2 % of the must-pass items', () => {
    const wrong = mustPass
      .map((item) => ({ item, verdict: judgeItem(policy, item) }))
      .filter((r) => r.verdict.blocked)
      .map((r) => `${r.item.id}: ${JSON.stringify(r.item.fields)} → ${r.verdict.problems.map((p) => `${p.rule} "${p.span}"`).join(', ')}`);
    console.log(`false blocks: ${wrong.length} of ${mustPass.length}`, wrong);
    expect(wrong.length / mustPass.length).toBeLessThanOrEqual(0.02);
  });

  it('blocks an item of another rule by that rule', () => {
    for (const item of mustBlock.filter((i) => i.rule)) {
      expect(
        judgeItem(policy, item).problems.map((p) => p.rule),
        item.id,
      ).toContain(item.rule);
    }
  });

  it('has at least ten cases of each kind the minors policy v3 added, in several languages', () => {
    const notes = [...mustBlock, ...mustPass].filter((i) => i.note?.startsWith('v3:'));
    const kinds = new Map<string, Set<string>>();
    for (const i of notes) kinds.set(i.note!, (kinds.get(i.note!) ?? new Set()).add(i.lang));
    const count = (note: string) => notes.filter((i) => i.note === note).length;
    expect(kinds.size).toBeGreaterThanOrEqual(9);
    for (const [note, langs] of kinds) {
      if (note.startsWith('v3: guard:')) continue;
      expect(count(note), note).toBeGreaterThanOrEqual(10);
      expect(langs.size, note).toBeGreaterThanOrEqual(4);
    }
  });

  it('blocks a split conversation at the later turn, not the earlier one', () => {
    for (const item of mustBlock.filter((i) => i.kind === 'split')) {
      const earlier = policy.evaluate(Object.fromEntries(item.history!.map((t, i) => [`history${i}`, t])), {
        surface: item.surface,
        nsfwContext: item.nsfw,
      });
      if (!item.nsfw) expect(earlier.problems, item.id).toEqual([]);
      expect(judgeItem(policy, item).blocked, item.id).toBe(true);
    }
  });

  it('explains every block with named rules and spans of the text as written', () => {
    for (const item of mustBlock) {
      const { problems } = judgeItem(policy, item);
      for (const p of problems) {
        expect([...MINOR_LAYERS, 'minors-sexual', ...(item.rule ? [item.rule] : [])], item.id).toContain(p.rule);
        if (p.field in item.fields) expect(item.fields[p.field]!.slice(p.start, p.end), item.id).toBe(p.span);
        else expect(p.field).toBe('earlier in this conversation');
      }
    }
  });
});
