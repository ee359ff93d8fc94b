// The overflow retry against a loopback OpenAI-compatible server answering like llama.cpp: a 400
// exceed_context_size_error, then (the second time) a reply or the same refusal.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../../providers/llm/openai.ts';
import { LlmContextOverflowError, type LlmChunk } from '../../../providers/llm/llm-provider.ts';
import { retryOnOverflow, type Refittable } from './overflow.ts';

const quiet = { info() {}, warn() {}, error() {} };
let answers: Array<'overflow' | 'reply'> = [];
const bodies: Array<{ messages: unknown[] }> = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      if (answers.shift() === 'overflow') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              code: 400,
              message: 'request (700 tokens) exceeds the available context size (512 tokens), try increasing it',
              type: 'exceed_context_size_error',
              n_prompt_tokens: 700,
              n_ctx: 512,
            },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Hi.' }, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A stream's iterator. */
const iterate = (s: AsyncIterable<LlmChunk>) => s[Symbol.asyncIterator]();

interface P extends Refittable<P> {
  content: string;
}

async function run(first: Array<'overflow' | 'reply'>) {
  answers = first;
  bodies.length = 0;
  const llm = createOpenAiProvider({ baseUrl, model: 'tiny', log: quiet, retries: 0 });
  const seen: Array<number | undefined> = [];
  const request: P = {
    content: 'long '.repeat(200),
    refit: async (err) => {
      seen.push(err.promptTokens, err.contextSize);
      return { content: 'short' };
    },
  };
  const ask = (p: P) =>
    iterate(llm.streamChat({ messages: [{ role: 'user', content: p.content }], maxTokens: 8, temperature: 1, topP: 1, stop: [] }));
  const it = retryOnOverflow(ask, request, (err) => new Error(`422: ${err.promptTokens} of ${err.contextSize}`));
  let text = '';
  for (let r = await it.next(); !r.done; r = await it.next()) text += (r.value as LlmChunk).text;
  return { text, seen, request };
}

describe('retryOnOverflow', () => {
  it('asks once more with the prompt trimmed to the server count after a context overflow, and records what was sent', async () => {
    const { text, seen, request } = await run(['overflow', 'reply']);
    expect(text).toBe('Hi.');
    expect(seen).toEqual([700, 512]);
    expect(bodies.map((b) => (b.messages[0] as { content: string }).content)).toEqual(['long '.repeat(200), 'short']);
    expect(request.content).toBe('short');
  });

  it('refuses (the 422) when the server still reports an overflow, without a third request', async () => {
    await expect(run(['overflow', 'overflow'])).rejects.toThrow('422: 700 of 512');
    expect(bodies).toHaveLength(2);
  });

  it('maps the server error to LlmContextOverflowError with its counts', async () => {
    answers = ['overflow'];
    const llm = createOpenAiProvider({ baseUrl, model: 'tiny', log: quiet, retries: 0 });
    const it = iterate(llm.streamChat({ messages: [{ role: 'user', content: 'x' }], maxTokens: 8, temperature: 1, topP: 1, stop: [] }));
    const err = await it.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmContextOverflowError);
    expect(err).toMatchObject({ promptTokens: 700, contextSize: 512, status: 400 });
  });
});
