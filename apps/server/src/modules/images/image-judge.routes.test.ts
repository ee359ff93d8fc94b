// The optional LLM judge for image prompts: a prompt in the ambiguous band (an adult's past age in one sentence,
// nudity in another) is shown to the judge (a local peer answering like Llama Guard 3) before anything is queued or
// charged; "unsafe / S4" refuses it with the judge's rule, "safe" lets it through. Clear prompts never reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';

const AMBIGUOUS = 'portrait of a woman who survived the war as a twelve-year-old. Years later, nude on a beach, oil painting';

let answer = 'safe';
const asked: string[] = [];
const judge = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    asked.push((JSON.parse(raw) as { messages: { content: string }[] }).messages.map((m) => m.content).join('\n'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
  });
});

let t: TestApp;
let peer: SdApiPeer;
beforeAll(async () => {
  await new Promise<void>((resolve) => judge.listen(0, '127.0.0.1', resolve));
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 30 });
  t = await createTestApp({
    IMAGES_PROVIDER: 'sdapi',
    IMAGES_URL: peer.url,
    MODERATION_LLM_URL: `http://127.0.0.1:${(judge.address() as AddressInfo).port}/v1`,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
  await new Promise<void>((resolve) => judge.close(() => resolve()));
});

describe('image prompts and the LLM judge', () => {
  it('asks the judge about the ambiguous band only, and follows its answer', async () => {
    const u = await buildUser(t, { coins: 50 });
    const generate = (prompt: string) =>
      t.app.inject({ method: 'POST', url: '/api/image-generation/generate', headers: u.auth, payload: { prompt, count: 1 } });

    asked.length = 0;
    expect((await generate('a lighthouse at dusk, oil painting')).statusCode).toBe(202);
    expect(asked).toHaveLength(0);

    answer = 'unsafe\nS4';
    const refused = await generate(AMBIGUOUS);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'CONTENT_BLOCKED', details: { rule: 'minors-sexual' } });
    expect(refused.json().error.details.problems[0]).toMatchObject({ rule: 'llm-judge-s4' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('twelve-year-old');

    answer = 'safe';
    expect((await generate(AMBIGUOUS)).statusCode).toBe(202);
    expect(asked).toHaveLength(2);
  });
});
