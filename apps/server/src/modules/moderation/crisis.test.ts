// The crisis detector on its labelled set (apps/server/test/crisis-corpus.json) and the protocol's judge band.
import { describe, expect, it, vi } from 'vitest';
import { BackgroundTasks } from '../../lib/background.ts';
import { loadCrisisCorpus } from '../../../test/crisis-corpus.ts';
import { CRISIS_LANGUAGES, CrisisDetector } from './crisis.ts';
import { DEFAULT_CRISIS_RESOURCES } from './crisis-resources.ts';
import type { CrisisCountKey } from './crisis.repo.ts';
import { CRISIS_COUNT_RETRY_MS, CrisisProtocol } from './crisis.service.ts';
import { LlmJudge } from './llm-judge.ts';

const detector = new CrisisDetector();
const { trigger, calm } = loadCrisisCorpus();
const crisis = (text: string) => detector.assess(text).kind === 'crisis';

describe('the crisis detector', () => {
  it('has at least 150 must-trigger and 150 must-not items in six languages', () => {
    expect(trigger.length).toBeGreaterThanOrEqual(150);
    expect(calm.length).toBeGreaterThanOrEqual(150);
    for (const lang of CRISIS_LANGUAGES) {
      expect(trigger.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(25);
      expect(calm.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(25);
    }
  });

  it('catches at least 95 % of the must-trigger items, and at least 90 % in each language', () => {
    expect(trigger.filter((i) => crisis(i.text)).length / trigger.length).toBeGreaterThanOrEqual(0.95);
    for (const lang of CRISIS_LANGUAGES) {
      const items = trigger.filter((i) => i.lang === lang);
      expect(items.filter((i) => crisis(i.text)).length / items.length, lang).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('raises at most 2 % false alarms on ordinary chat and dark role-play', () => {
    const alarms = calm.filter((i) => crisis(i.text));
    expect(alarms.length / calm.length, alarms.map((i) => i.text).join(' | ')).toBeLessThanOrEqual(0.02);
  });

  it('reads through spelling tricks but not through a negation, a figure of speech or a third person', () => {
    expect(crisis('I   WANT to K I L L myself')).toBe(true);
    expect(crisis('Je veux mourir.')).toBe(true);
    expect(crisis("I would never kill myself, don't worry")).toBe(false);
    expect(crisis('Je ne veux pas mourir !')).toBe(false);
    expect(crisis('My boss is going to kill me if I am late')).toBe(false);
    expect(crisis('He wants to kill himself in the story; write it sadly.')).toBe(false);
  });

  it('takes "i" and "me" as words, not as the end of another ("samurai", "game")', () => {
    expect(crisis('The samurai want to die with honour in this story.')).toBe(false);
    expect(crisis('Does the villain in this game want to die at the end?')).toBe(false);
    expect(crisis('honestly i just want to die')).toBe(true);
    expect(crisis('me want to die lol')).toBe(true);
  });

  it('puts vague distress in the band the judge reads, and nothing else', () => {
    expect(detector.assess("I can't do this anymore").kind).toBe('ambiguous');
    expect(detector.assess('ich kann nicht mehr').kind).toBe('ambiguous');
    expect(detector.assess('Lovely weather today').kind).toBe('none');
  });
});

describe('the crisis protocol', () => {
  const judgeAnswering = (content: string | null) =>
    new LlmJudge({ url: 'http://127.0.0.1:9/v1', model: 'guard', timeoutMs: 1000 }, async () =>
      content === null ? new Response('down', { status: 503 }) : Response.json({ choices: [{ message: { content } }] }),
    );
  const protocol = (judge?: LlmJudge) =>
    new CrisisProtocol({
      uow: undefined as never,
      background: undefined as never,
      log: { warn: () => {} },
      resources: DEFAULT_CRISIS_RESOURCES,
      judge,
    });

  it('asks the judge only about the ambiguous band: S11 is a crisis, anything else or no answer is not', async () => {
    const vague = "I can't do this anymore";
    expect(await protocol().detect(vague)).toBeNull();
    expect(await protocol(judgeAnswering('unsafe\nS11')).detect(vague)).toEqual({ language: 'en', detectedBy: 'judge' });
    expect(await protocol(judgeAnswering('unsafe\nS1')).detect(vague)).toBeNull();
    expect(await protocol(judgeAnswering(null)).detect(vague)).toBeNull();
    expect(await protocol(judgeAnswering('unsafe\nS11')).detect('What a lovely day')).toBeNull();
    expect(await protocol().detect('Quiero suicidarme')).toEqual({ language: 'es', detectedBy: 'lexicon' });
  });

  it('picks the resources by country, and a general list for an unknown one', () => {
    expect(protocol().support('US').resources[0]!.contact).toMatch(/988/);
    expect(
      protocol()
        .support('IE')
        .resources.map((r) => r.name),
    ).toContain('Samaritans');
    expect(protocol().support(undefined).region).toBeNull();
    expect(
      protocol()
        .support('AQ')
        .resources.map((r) => r.name),
    ).toContain('Find A Helpline');
  });
});

describe('the crisis count', () => {
  /** A protocol whose count repository throws on its first `failures` writes (a pool timeout under load). */
  function counting(failures: number) {
    const written: CrisisCountKey[] = [];
    let tries = 0;
    const crisis = {
      increment: async (key: CrisisCountKey) => {
        tries++;
        if (tries <= failures) throw new Error('timeout exceeded when trying to connect');
        written.push(key);
      },
    };
    const warn = vi.fn();
    const background = new BackgroundTasks({ error: vi.fn() } as never);
    const protocol = new CrisisProtocol({
      uow: { repos: { crisis }, outside: <T>(fn: () => T) => fn() } as never,
      background,
      log: { warn },
      resources: DEFAULT_CRISIS_RESOURCES,
      now: () => new Date('2026-11-26T08:00:00Z'),
      retryMs: [1, 2, 3],
    });
    protocol.record({ language: 'en', detectedBy: 'lexicon' }, 'GB');
    return { written, tries: () => tries, warn, drained: background.drain() };
  }

  it('is written again after a failed write, and once in the end', async () => {
    const run = counting(2);
    await run.drained;
    expect(run.tries()).toBe(3);
    expect(run.written).toEqual([{ day: '2026-11-26', region: 'GB', language: 'en', detectedBy: 'lexicon' }]);
    expect(run.warn).not.toHaveBeenCalled();
  });

  it('is given up with a warning after the last try', async () => {
    const run = counting(Infinity);
    await run.drained;
    expect(run.tries()).toBe(4); // the first write and one after each of the three waits
    expect(run.written).toEqual([]);
    expect(run.warn).toHaveBeenCalledOnce();
    expect(run.warn.mock.calls[0]![1]).toBe('a crisis count was not kept');
    expect(run.warn.mock.calls[0]![0]).toMatchObject({ attempts: 4 });
  });

  it('waits a bounded time in all, inside shutdown’s drain', () => {
    const total = CRISIS_COUNT_RETRY_MS.reduce((a, b) => a + b, 0);
    expect(CRISIS_COUNT_RETRY_MS.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(8000);
  });
});
