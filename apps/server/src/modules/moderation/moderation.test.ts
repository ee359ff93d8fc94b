import { describe, expect, it } from 'vitest';
import { ALLOWED_EXAMPLES } from '../../../test/moderation-examples.allowed.ts';
import { BLOCKED_EXAMPLES } from '../../../test/moderation-examples.blocked.ts';
import { ModerationPolicy, POLICY_V1, RULE_IDS, checkContent, normalizeText, type BlockedEvent } from './index.ts';

describe('blocked examples', () => {
  it.each(BLOCKED_EXAMPLES.map((e) => [e.rule, e.surface, e.text, e] as const))('%s on %s: %s', (_r, _s, _t, example) => {
    const result = checkContent({ [example.field]: example.text }, { surface: example.surface, nsfwContext: example.nsfw });
    expect(result).toMatchObject({ allowed: false, rule: example.rule, field: example.field });
  });
});

describe('allowed examples', () => {
  it.each(ALLOWED_EXAMPLES.map((e) => [e.surface, e.text, e] as const))('%s: %s', (_s, _t, example) => {
    const result = checkContent({ [example.field]: example.text }, { surface: example.surface, nsfwContext: example.nsfw });
    expect(result).toEqual({ allowed: true });
  });
});

describe('example coverage', () => {
  it('has at least 40 blocked and 40 allowed examples, over every surface', () => {
    expect(BLOCKED_EXAMPLES.length).toBeGreaterThanOrEqual(40);
    expect(ALLOWED_EXAMPLES.length).toBeGreaterThanOrEqual(40);
    const surfaces = new Set([...BLOCKED_EXAMPLES, ...ALLOWED_EXAMPLES].map((e) => e.surface));
    expect([...surfaces].sort()).toEqual(['character', 'chat-reply', 'chat-user', 'image-prompt', 'profile', 'ticket']);
  });

  it('has a blocked example for every rule of the policy', () => {
    const counts = Object.fromEntries(RULE_IDS.map((id) => [id, BLOCKED_EXAMPLES.filter((e) => e.rule === id).length]));
    console.log('blocked examples per rule', counts);
    for (const id of RULE_IDS) expect(counts[id], id).toBeGreaterThan(0);
  });
});

describe('messages', () => {
  it('names the rule and the field without quoting the text', () => {
    const text = 'Mia is a 17yo who is always horny.';
    const result = checkContent({ name: 'Mia', description: text }, { surface: 'character' });
    expect(result).toEqual({
      allowed: false,
      rule: 'minors-sexual',
      field: 'description',
      message: 'The description was blocked by our policy on sexual content involving minors (rule: minors-sexual).',
      // Every reason, with the rule (layer) and the span as the author wrote it.
      problems: [
        { field: 'description', rule: 'stated-age-under-18', span: '17yo', start: 9, end: 13 },
        { field: 'description', rule: 'sexual-content', span: 'horny', start: 28, end: 33 },
      ],
    });
    if (!result.allowed) {
      expect(result.message).not.toContain('17');
      expect(result.message).not.toContain('horny');
    }
  });

  it('uses readable names for card fields and caller labels', () => {
    const greeting = checkContent({ firstMes: 'He fucks his sister.' }, { surface: 'character' });
    expect(greeting).toMatchObject({ message: 'The greeting was blocked by our policy on incest (rule: incest).' });
    const labelled = checkContent({ body: 'how to make a pipe bomb' }, { surface: 'chat-user', fieldLabels: { body: 'message' } });
    expect(labelled).toMatchObject({
      message: 'The message was blocked by our policy on terrorism and violent extremism (rule: violent-extremism).',
    });
  });

  it('reports the field that breaks the rule when several fields are checked', () => {
    const result = checkContent(
      { name: 'Mira', tagline: 'Your new neighbour', description: 'Adult, 29.', firstMes: 'My stepbrother and I have sex tonight.' },
      { surface: 'character' },
    );
    expect(result).toMatchObject({ allowed: false, rule: 'incest', field: 'firstMes' });
  });

  it('skips empty and missing fields', () => {
    expect(checkContent({ description: undefined, tagline: '' }, { surface: 'character' })).toEqual({ allowed: true });
  });
});

describe('minor indicators across fields', () => {
  it('blocks an age field under 18 on an NSFW character and allows it on a SFW one', () => {
    const fields = { name: 'Tom', age: '16', description: 'A shy boy who loves football.' };
    expect(checkContent(fields, { surface: 'character', nsfwContext: true })).toMatchObject({
      allowed: false,
      rule: 'minors-sexual',
      field: 'age',
    });
    expect(checkContent(fields, { surface: 'character' })).toEqual({ allowed: true });
  });

  it('blocks an age field under 18 when another field is explicit', () => {
    const fields = { age: 'fifteen', scenario: 'You two have sex in the library.' };
    expect(checkContent(fields, { surface: 'character' })).toMatchObject({ allowed: false, rule: 'minors-sexual', field: 'age' });
  });

  it('allows adult ages in the age field', () => {
    expect(checkContent({ age: '21', description: 'Loves sex.' }, { surface: 'character', nsfwContext: true })).toEqual({ allowed: true });
  });
});

describe('disguised spellings', () => {
  const variants = [
    'loli',
    'l0li',
    'L O L I',
    'l.o.l.i',
    'l-0-l-1',
    'lo\u200bli',
    'l\u200d\u200do\ufe0fli',
    'ｌｏｌｉ',
    '𝓵𝓸𝓵𝓲',
    'lоli',
    'lólì',
  ];
  it.each(variants)('%s counts as a minor term next to explicit text', (word) => {
    expect(checkContent({ prompt: `${word}, naked, bed` }, { surface: 'image-prompt' })).toMatchObject({ rule: 'minors-sexual' });
  });

  it('normalises to aligned forms', () => {
    const n = normalizeText('Ｓ3x with a l0li\u200b!');
    expect(n.base).toBe('s3x with a l0li!');
    expect(n.leet).toBe('sex with a loli!');
    expect(n.leet.length).toBe(n.base.length);
  });

  it('keeps a sentence end after a word ("sex!") and reads leetspeak inside words', () => {
    expect(normalizeText('sex! h0rny').leet).toBe('sex! horny');
  });

  // Text whose letters are all ASCII takes faster paths (ASCII classes, no leet pass without a leet character):
  // the forms must be the same as when another script's letters are present.
  it.each([
    ['“Come here,” she says — l o l i', '“come here,” she says — loli', '“come here,” she says — loli'],
    // Another script's letter is a letter like any other: five spaced letters, joined.
    ['ж l o l i', 'жloli', 'жloli'],
    ['𐌰 l o l i', '𐌰loli', '𐌰loli'],
    ['s.h.o.t.a and a l-0-l-i!', 'shota and a l0li!', 'shota and a loli!'],
    ['né 1337 h4x0r', 'ne 1337 h4x0r', 'ne 1337 haxor'],
    ['plain words only', 'plain words only', 'plain words only'],
  ])('normalises %j the same with or without other scripts', (text, base, leet) => {
    const n = normalizeText(text);
    expect(n.base).toBe(base);
    expect(n.leet).toBe(leet);
  });
});

describe('long texts', () => {
  it('still finds a pair after many earlier hits of one side', () => {
    const padding = 'They have sex again. '.repeat(300);
    expect(checkContent({ description: `${padding}Then the l0li undresses.` }, { surface: 'character' })).toMatchObject({
      rule: 'minors-sexual',
    });
    expect(checkContent({ description: `${padding}Then the dog fucks her.` }, { surface: 'character' })).toMatchObject({
      rule: 'bestiality',
    });
    expect(checkContent({ description: `${padding}Then they sleep.` }, { surface: 'character' })).toEqual({ allowed: true });
  });
});

describe('block log hook', () => {
  it('receives rule, field, surface, version and user id, never the text', () => {
    const events: BlockedEvent[] = [];
    const policy = new ModerationPolicy(POLICY_V1, { onBlocked: (e) => events.push(e) });
    policy.check({ message: 'how to make a pipe bomb' }, { surface: 'chat-user', userId: 'u-1' });
    policy.check({ message: 'Hello there, how are you?' }, { surface: 'chat-user', userId: 'u-2' });
    expect(events).toEqual([
      {
        rule: 'violent-extremism',
        field: 'message',
        surface: 'chat-user',
        policyVersion: POLICY_V1.version,
        userId: 'u-1',
        problems: [{ field: 'message', rule: 'violent-extremism', start: 0, end: 23 }],
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('bomb');
  });

  it('is not called for allowed content and a throwing hook does not hide the block', () => {
    let calls = 0;
    const policy = new ModerationPolicy(POLICY_V1, {
      onBlocked: () => {
        calls++;
        throw new Error('log down');
      },
    });
    for (const e of ALLOWED_EXAMPLES) policy.check({ [e.field]: e.text }, { surface: e.surface, nsfwContext: e.nsfw });
    expect(calls).toBe(0);
    expect(policy.check({ bio: 'Join ISIS' }, { surface: 'profile' })).toMatchObject({ allowed: false, rule: 'violent-extremism' });
    expect(calls).toBe(1);
  });
});

describe('policy data', () => {
  it('has a version, and a title and explanation for every rule', () => {
    const policy = new ModerationPolicy();
    expect(policy.version).toBe(POLICY_V1.version);
    expect(policy.publicRules.map((r) => r.id)).toEqual([...RULE_IDS]);
    for (const rule of policy.publicRules) {
      expect(rule.title.length).toBeGreaterThan(5);
      expect(rule.explanation.length).toBeGreaterThan(60);
    }
    expect(policy.limitations.length).toBeGreaterThan(0);
  });

  it('refuses a policy that refers to an unknown term set', () => {
    const broken = { ...POLICY_V1, rules: [{ ...POLICY_V1.rules[0]!, detectors: [{ kind: 'any' as const, sets: ['nope'] }] }] };
    expect(() => new ModerationPolicy(broken)).toThrow(/unknown term set "nope"/);
  });
});

describe('speed', () => {
  it('checks a 10,000-character description quickly (printed, not asserted)', () => {
    const paragraph =
      'Elena is a 32-year-old lawyer from Lisbon who spends her evenings sailing, reading old maps and arguing about wine. ' +
      'She has a dry sense of humour, two cats, a sister in Porto and a habit of correcting everyone. ';
    const text = paragraph.repeat(Math.ceil(10_000 / paragraph.length)).slice(0, 10_000);
    const policy = new ModerationPolicy();
    policy.check({ description: text }, { surface: 'character', nsfwContext: true });
    // Wall time suffers when other processes share the CPU; CPU time of this process is the steadier figure.
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      policy.check({ description: text }, { surface: 'character', nsfwContext: true });
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      wall.push(performance.now() - started);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
    console.log(`moderation: 10,000-char NSFW description, 50 checks: median wall ${median(wall)} ms, median CPU ${median(cpu)} ms`);
    expect(policy.check({ description: text }, { surface: 'character', nsfwContext: true })).toEqual({ allowed: true });
  });
});
