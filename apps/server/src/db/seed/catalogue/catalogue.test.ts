import { describe, expect, it } from 'vitest';
import { FALLBACK_TAGS, TAG_CATEGORIES } from '@reverie/shared';
import { seedCharacters, seedCreators } from './index.ts';
import type { SeedCharacter } from './types.ts';

// A tag is identified by its name; "alien" is listed under both Character Type and Origin and counts as a type.
const categoryOf = new Map(FALLBACK_TAGS.map((t) => [t.name, t.category]));
const maxOf = new Map(TAG_CATEGORIES.map((c) => [c.category, c.maxSelections]));
const tagsIn = (category: string) => FALLBACK_TAGS.filter((t) => t.category === category).map((t) => t.name);

function texts(c: SeedCharacter): string[] {
  return [
    c.name,
    c.tagline,
    c.description,
    c.personality,
    c.scenario,
    c.greeting,
    ...c.alternateGreetings,
    c.exampleDialogue,
    c.creatorNotes,
    c.systemPrompt ?? '',
    c.postHistoryInstructions ?? '',
    ...(c.characterBook ?? []).flatMap((e) => [...e.keys, e.content, e.comment ?? '']),
  ];
}

const DENY = [
  /\bschool/i,
  /\bstudent/i,
  /\bteen/i,
  /\bchild/i,
  /\bkid/i,
  /\bunderage/i,
  /\bminor/i,
  /\bloli/i,
  /\bshota/i,
  /\byoung\s+girl/i,
  /\byoung\s+boy/i,
  /\b(?:[0-9]|1[0-7])[\s-]*(?:years?|yrs?)[\s-]*old\b/i,
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)[\s-]+years?[\s-]+old\b/i,
  /\bage[ds]?\s+(?:[0-9]|1[0-7])\b/i,
];
const HTML = /<\/?[a-z!][^>]*>/i;
const HEX = /^#[0-9a-f]{6}$/i;

describe('seed catalogue', () => {
  it('has at least 60 characters by at least 12 creators, every creator with two or more', () => {
    expect(seedCharacters.length).toBeGreaterThanOrEqual(60);
    expect(seedCreators.length).toBeGreaterThanOrEqual(12);
    const usernames = new Set(seedCreators.map((c) => c.username));
    for (const c of seedCharacters) expect(usernames, `${c.slug} → ${c.creator}`).toContain(c.creator);
    for (const u of usernames) {
      expect(seedCharacters.filter((c) => c.creator === u).length, u).toBeGreaterThanOrEqual(2);
    }
  });

  it('creators have valid, unique usernames, a bio and a drawable avatar', () => {
    const names = seedCreators.map((c) => c.username.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const c of seedCreators) {
      expect(c.username).toMatch(/^[A-Za-z0-9_.-]{3,30}$/);
      expect(c.bio.length).toBeGreaterThan(60);
      expect(c.bio.length).toBeLessThanOrEqual(500);
      for (const colour of [c.appearance.skinTone, c.appearance.hairColor, c.appearance.eyeColor, ...c.appearance.palette]) {
        expect(colour, c.username).toMatch(HEX);
      }
      for (const re of DENY) expect(c.bio, `${c.username}: ${re}`).not.toMatch(re);
    }
  });

  it('slugs and names are unique; slugs are URL-safe', () => {
    const slugs = seedCharacters.map((c) => c.slug);
    const names = seedCharacters.map((c) => c.name.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(names).size).toBe(names.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('tags come from the known set with one type and one rating, within each category limit', () => {
    for (const c of seedCharacters) {
      expect(c.tags.length, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.tags.length, c.slug).toBeLessThanOrEqual(10);
      expect(new Set(c.tags).size, c.slug).toBe(c.tags.length);
      const perCategory = new Map<string, number>();
      for (const t of c.tags) {
        const cat = categoryOf.get(t);
        expect(cat, `${c.slug}: unknown tag ${t}`).toBeDefined();
        perCategory.set(cat!, (perCategory.get(cat!) ?? 0) + 1);
      }
      expect(perCategory.get('Character Type'), c.slug).toBe(1);
      expect(perCategory.get('Content Rating'), c.slug).toBe(1);
      for (const [cat, n] of perCategory) {
        const max = maxOf.get(cat)!;
        if (max > 0) expect(n, `${c.slug}: ${cat}`).toBeLessThanOrEqual(max);
      }
      expect(c.nsfw, c.slug).toBe(c.tags.includes('nsfw'));
      expect(c.tags, c.slug).not.toContain('school');
    }
  });

  it('about a third is NSFW, and suggestive and sfw both appear', () => {
    const nsfw = seedCharacters.filter((c) => c.nsfw).length / seedCharacters.length;
    expect(nsfw).toBeGreaterThanOrEqual(0.25);
    expect(nsfw).toBeLessThanOrEqual(0.4);
    expect(seedCharacters.filter((c) => c.tags.includes('suggestive')).length).toBeGreaterThanOrEqual(5);
    expect(seedCharacters.filter((c) => c.tags.includes('sfw')).length).toBeGreaterThanOrEqual(15);
  });

  it('no tag page is empty: every genre has 4+, every type 3+, every other tag (but school) 1+', () => {
    const count = (t: string) => seedCharacters.filter((c) => c.tags.includes(t)).length;
    for (const g of tagsIn('Genre')) expect(count(g), g).toBeGreaterThanOrEqual(4);
    for (const t of tagsIn('Character Type')) expect(count(t), t).toBeGreaterThanOrEqual(3);
    for (const t of FALLBACK_TAGS) {
      if (t.name !== 'school') expect(count(t.name), t.name).toBeGreaterThanOrEqual(1);
    }
  });

  it('everyone is a stated adult and nothing mentions minors or school settings', () => {
    for (const c of seedCharacters) {
      expect(c.age, c.slug).toBeGreaterThanOrEqual(21);
      for (const text of texts(c)) {
        for (const re of DENY) expect(text, `${c.slug}: ${re}`).not.toMatch(re);
      }
    }
  });

  it('adult-rated characters are never framed in youth- or family-coded words', () => {
    const coded = /\b(?:boys?|girls?|daughters?|sons?|babes?|baby|petite|innocent|virgin|young(?:er|est)?)\b/i;
    for (const c of seedCharacters.filter((x) => x.nsfw || x.tags.includes('suggestive'))) {
      for (const text of texts(c)) expect(text, c.slug).not.toMatch(coded);
    }
  });

  it('fields fit their bounds and greetings open a scene without HTML', () => {
    for (const c of seedCharacters) {
      expect(c.name.length, c.slug).toBeGreaterThan(0);
      expect(c.name.length, c.slug).toBeLessThanOrEqual(80);
      expect(c.tagline.length, c.slug).toBeGreaterThan(10);
      expect(c.tagline.length, c.slug).toBeLessThanOrEqual(200);
      expect(c.description.length, c.slug).toBeGreaterThan(200);
      expect(c.description.length, c.slug).toBeLessThanOrEqual(10_000);
      expect(c.personality.trim().length, c.slug).toBeGreaterThan(50);
      expect(c.scenario.trim().length, c.slug).toBeGreaterThan(50);
      expect(c.creatorNotes.trim().length, c.slug).toBeGreaterThan(20);
      expect(c.alternateGreetings.length, c.slug).toBeGreaterThanOrEqual(1);
      expect(c.alternateGreetings.length, c.slug).toBeLessThanOrEqual(2);
      for (const g of [c.greeting, ...c.alternateGreetings]) {
        expect(g.trim().length, c.slug).toBeGreaterThan(80);
        expect(g, c.slug).toContain('{{user}}');
        expect(g, c.slug).toMatch(/\*[^*\n]+\*/);
        expect(g, c.slug).not.toMatch(HTML);
      }
      expect(c.popularity, c.slug).toBeGreaterThanOrEqual(0.05);
      expect(c.popularity, c.slug).toBeLessThanOrEqual(1);
    }
  });

  it('example dialogue is in <START> blocks with both speakers', () => {
    for (const c of seedCharacters) {
      const d = c.exampleDialogue.trim();
      expect(d.startsWith('<START>'), c.slug).toBe(true);
      for (const block of d.split('<START>').slice(1)) {
        expect(block, c.slug).toContain('{{user}}:');
        expect(block, c.slug).toContain('{{char}}:');
      }
    }
  });

  it('at least eight characters carry a lorebook whose entries have keys and content', () => {
    const withBook = seedCharacters.filter((c) => (c.characterBook?.length ?? 0) > 0);
    expect(withBook.length).toBeGreaterThanOrEqual(8);
    for (const c of withBook) {
      for (const e of c.characterBook!) {
        expect(e.keys.length, c.slug).toBeGreaterThan(0);
        for (const k of e.keys) expect(k.trim().length, c.slug).toBeGreaterThan(0);
        expect(e.content.trim().length, c.slug).toBeGreaterThan(20);
      }
    }
  });

  it('rankings have spread and a few characters are premium', () => {
    const pops = seedCharacters.map((c) => c.popularity);
    expect(Math.max(...pops) - Math.min(...pops)).toBeGreaterThan(0.7);
    expect(new Set(pops).size).toBeGreaterThan(seedCharacters.length * 0.7);
    const premium = seedCharacters.filter((c) => c.premium).length;
    expect(premium).toBeGreaterThanOrEqual(3);
    expect(premium).toBeLessThanOrEqual(seedCharacters.length / 4);
  });

  it('portraits match what the character is', () => {
    const must: Record<string, string[]> = {
      vampire: ['fangs'],
      demon: ['horns'],
      angel: ['halo', 'feathered-wings'],
      android: ['circuitry', 'glowing-eyes'],
      alien: ['antennae', 'scales'],
    };
    for (const c of seedCharacters) {
      const a = c.appearance;
      for (const colour of [a.skinTone, a.hairColor, a.eyeColor, a.outfit.color, ...a.palette]) {
        expect(colour, c.slug).toMatch(HEX);
      }
      for (const [type, features] of Object.entries(must)) {
        if (c.tags.includes(type)) {
          expect(
            features.some((f) => (a.features as string[]).includes(f)),
            `${c.slug} is ${type} but has none of ${features.join(', ')}`,
          ).toBe(true);
        }
      }
    }
    // Varied, not one face: many distinct skin tones, hair colours and backdrops.
    expect(new Set(seedCharacters.map((c) => c.appearance.skinTone.toLowerCase())).size).toBeGreaterThanOrEqual(20);
    expect(new Set(seedCharacters.map((c) => c.appearance.hairColor.toLowerCase())).size).toBeGreaterThanOrEqual(25);
    expect(new Set(seedCharacters.map((c) => c.appearance.backdrop)).size).toBeGreaterThanOrEqual(12);
  });
});
