// The server's own token count (server-tokens.ts) against loopback servers: one that speaks llama.cpp's
// /apply-template and /tokenize, and one that has neither (OpenAI, vLLM): the first is asked once per prompt shape and
// text, the second once per while, and a reply then costs it no request and no hash of the prompt.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from './llm-provider.ts';
import { ServerTokenCounter } from './server-tokens.ts';

const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
const servers: http.Server[] = [];

/** A loopback server; `counting`: it renders the template and tokenizes (one token a word), else every path is 404. */
async function modelServer(counting: boolean) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      paths.push(req.url ?? '');
      if (!counting) return res.writeHead(404).end('not found');
      const json = JSON.parse(body) as { messages?: ChatMessage[]; content?: string };
      const answer =
        req.url === '/apply-template'
          ? { prompt: json.messages!.map((m) => `<|${m.role}|>${m.content}`).join('\n') }
          : {
              tokens: json
                .content!.split(/\s+/)
                .filter(Boolean)
                .map((_, i) => i),
            };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const counter = new ServerTokenCounter({
    rootUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    headers: () => ({}),
    log,
  });
  return { counter, paths };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const prompt: ChatMessage[] = [
  { role: 'system', content: 'You are Lena.' },
  { role: 'user', content: 'Hello there, Lena.' },
];

describe('ServerTokenCounter', () => {
  it('counts with the template once per shape and caches each prompt', async () => {
    const { counter, paths } = await modelServer(true);
    // "<|system|>You are Lena.\n<|user|>Hello there, Lena." is 6 words.
    expect(await counter.count(prompt)).toBe(6);
    expect(paths).toEqual(['/apply-template', '/tokenize']);
    expect(await counter.count(prompt)).toBe(6);
    expect(paths).toHaveLength(2);
    expect(await counter.count([prompt[0]!, { role: 'user', content: 'Another line.' }])).toBe(5);
    expect(paths).toEqual(['/apply-template', '/tokenize', '/tokenize']);
  });

  it('asks a server without the endpoints once, then answers undefined without asking or hashing', async () => {
    const { counter, paths } = await modelServer(false);
    expect(await counter.count(prompt)).toBeUndefined();
    expect(paths).toEqual(['/apply-template']);
    const stringify = JSON.stringify;
    let stringified = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => (stringified++, stringify(...args))) as typeof stringify;
    try {
      for (let i = 0; i < 5; i++) expect(await counter.count(prompt)).toBeUndefined();
    } finally {
      JSON.stringify = stringify;
    }
    expect(paths).toHaveLength(1);
    expect(stringified).toBe(0);
    counter.reset();
    expect(await counter.count(prompt)).toBeUndefined();
    expect(paths).toHaveLength(2);
  });
});
