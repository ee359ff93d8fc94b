// A reply that streams for minutes holds neither its prompt nor the model request's body once its words flow (a long
// character's prompt runs to tens of kilobytes, and one process holds thousands of replies at once).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { retryOnOverflow } from './overflow.ts';
import type { ChatMessage, LlmChunk, LlmProvider } from '../../../providers/llm/llm-provider.ts';
import { createOpenAiProvider } from '../../../providers/llm/openai.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const PROMPT_MB = 24;
let server: http.Server;
let baseUrl: string;
/** Ends the held stream. */
let finish: () => void = () => {};

const event = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event('Hello'));
      finish = () => res.end(`${event(' there')}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});

interface Prompt {
  messages: ChatMessage[];
  refit?: () => Promise<Prompt>;
}

/** As the chat asks the model (modules/chat/model-request.ts): the asker keeps no prompt of its own. */
function asker(provider: LlmProvider) {
  return (p: Prompt) =>
    provider.streamChat({ messages: p.messages, maxTokens: 50, temperature: 1, topP: 1, stop: [] })[Symbol.asyncIterator]();
}

const refused = (err: Error) => err;

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

it(`lets a ${PROMPT_MB} MB prompt go once the first words came, while the reply still streams`, async () => {
  const provider = createOpenAiProvider({ baseUrl, model: 'm', log: { info() {}, warn() {}, error() {} } });
  const before = heapMb();
  // Built here and handed over: once the request is asked, only the provider and the overflow guard could hold it.
  const ask = () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Mira is kind. '.repeat((PROMPT_MB * 2 ** 20) / 14) },
      { role: 'user', content: 'Hi' },
    ];
    const prompt: Prompt = { messages };
    prompt.refit = async () => prompt;
    return { stream: retryOnOverflow(asker(provider), prompt, refused), held: new WeakRef(messages) };
  };
  const { stream, held } = ask();
  const first: IteratorResult<LlmChunk> = await stream.next();
  expect(first.value?.text).toBe('Hello');
  const whileStreaming = heapMb() - before;
  // The prompt is gone, and no copy of it (the request's JSON body) stayed behind.
  expect(held.deref()).toBeUndefined();
  expect(whileStreaming).toBeLessThan(PROMPT_MB / 4);
  finish();
  let rest = '';
  for (let c = await stream.next(); !c.done; c = await stream.next()) rest += c.value.text;
  expect(rest).toBe(' there');
});
