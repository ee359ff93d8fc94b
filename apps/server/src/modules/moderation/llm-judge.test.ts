// The optional LLM judge, against a local OpenAI-compatible peer that answers like Llama Guard 3: it sees only the
// ambiguous band; "unsafe / S4" blocks, "safe" passes, and a timeout or an error fails closed (the band always holds
// sexual content). Clear cases never reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmJudge, judgePrompt, parseJudgeAnswer } from './llm-judge.ts';
import { ModerationService } from './moderation.service.ts';

// A weak minor cue ("teen") far from the sexual term: the word rules pass it, the judge decides.
const AMBIGUOUS = 'She watches teen dramas on weekends with her friends from work, and later that night she has sex with her husband.';
const CLEAR_ADULT = 'A 32-year-old lawyer who loves rough sex.';

let answer = 'safe';
let delayMs = 0;
let status = 200;
const seen: { auth: string | undefined; body: { model: string; messages: { content: string }[] } }[] = [];
const peer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
    }, delayMs);
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

const warnings: unknown[] = [];
const service = () =>
  new ModerationService(
    { warn: (o: unknown) => void warnings.push(o) },
    { url, model: 'llama-guard-3-1b', apiKey: 'k-1', timeoutMs: 1500 },
  );
const judged = (s: ModerationService, text: string) =>
  s.assertAllowedJudged({ description: text }, { surface: 'character', nsfwContext: true }).then(
    () => 'allowed',
    (err: { details?: { problems?: { rule: string }[] } }) => err.details?.problems?.map((p) => p.rule).join(',') ?? 'error',
  );

describe('LLM judge', () => {
  it('is asked only about the ambiguous band, with a Llama Guard style prompt, the model and the key', async () => {
    const s = service();
    expect(s.policy.evaluate({ description: AMBIGUOUS }, { surface: 'character', nsfwContext: true })).toEqual({
      problems: [],
      ambiguous: true,
    });
    seen.length = 0;
    answer = 'safe';
    expect(await judged(s, CLEAR_ADULT)).toBe('allowed');
    expect(seen).toHaveLength(0);
    expect(await judged(s, AMBIGUOUS)).toBe('allowed');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.auth).toBe('Bearer k-1');
    expect(seen[0]!.body.model).toBe('llama-guard-3-1b');
    expect(seen[0]!.body.messages[0]!.content).toContain('S4: Child sexual exploitation');
    expect(seen[0]!.body.messages[0]!.content).toContain(`User: description: ${AMBIGUOUS}`);
  });

  it('blocks on "unsafe / S4", passes other categories', async () => {
    const s = service();
    answer = 'unsafe\nS4';
    expect(await judged(s, AMBIGUOUS)).toBe('llm-judge-s4');
    answer = 'unsafe\nS12';
    expect(await judged(s, AMBIGUOUS)).toBe('allowed');
  });

  it('fails closed on a timeout, an HTTP error or a garbled answer', async () => {
    const s = service();
    answer = 'safe';
    delayMs = 2500; // past the 1.5 s timeout (generous: the machine may be busy)
    expect(await judged(s, AMBIGUOUS)).toBe('llm-judge-unavailable');
    delayMs = 0;
    status = 500;
    expect(await judged(s, AMBIGUOUS)).toBe('llm-judge-unavailable');
    status = 200;
    answer = 'I think this is fine';
    expect(await judged(s, AMBIGUOUS)).toBe('llm-judge-unavailable');
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    // An unreachable peer too.
    const gone = new ModerationService({ warn: () => {} }, new LlmJudge({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 300 }));
    expect(await judged(gone, AMBIGUOUS)).toBe('llm-judge-unavailable');
  });

  it('is off without configuration: the band passes on the word rules alone', async () => {
    const off = new ModerationService({ warn: () => {} });
    seen.length = 0;
    expect(await judged(off, AMBIGUOUS)).toBe('allowed');
    expect(seen).toHaveLength(0);
  });

  it('parses answers and builds the prompt', () => {
    expect(parseJudgeAnswer(' Safe \n')).toEqual({ kind: 'safe' });
    expect(parseJudgeAnswer('unsafe\ns4, S12')).toEqual({ kind: 'unsafe', categories: ['S4', 'S12'] });
    expect(parseJudgeAnswer('')).toMatchObject({ kind: 'unavailable' });
    expect(judgePrompt('hello')).toMatch(/<BEGIN CONVERSATION>\n\nUser: hello\n\n<END CONVERSATION>/);
  });
});
