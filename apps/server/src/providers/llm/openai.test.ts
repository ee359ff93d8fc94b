// The OpenAI-compatible provider against a local server on 127.0.0.1 that streams SSE like the real API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectChat, LlmNoReplyError, LlmUpstreamError, type LlmChunk, type StreamChatRequest } from './llm-provider.ts';
import { createOpenAiProvider, type OpenAiOptions } from './openai.ts';

const silentLog = { info() {}, warn() {}, error() {} };

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  closedAt?: number;
}

type Handler = (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler;
let seen: Seen[];
let server: http.Server;
let baseUrl: string;

const sse = (res: http.ServerResponse, obj: unknown) => res.write(`data: ${typeof obj === 'string' ? obj : JSON.stringify(obj)}\n\n`);
const delta = (content: string) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});
const startStream = (res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sse(res, {
    id: 'c1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
  });
};
const fullStream = (res: http.ServerResponse, parts: string[]) => {
  startStream(res);
  for (const p of parts) sse(res, delta(p));
  sse(res, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  sse(res, {
    id: 'c1',
    object: 'chat.completion.chunk',
    choices: [],
    usage: { prompt_tokens: 12, completion_tokens: parts.length, total_tokens: 12 + parts.length },
  });
  sse(res, '[DONE]');
  res.end();
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const entry: Seen = { url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} };
      seen.push(entry);
      res.on('close', () => (entry.closedAt = performance.now()));
      handler(seen.length, req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  handler = (_n, _req, res) => fullStream(res, ['Hel', 'lo', ' there']);
});

function provider(over: Partial<OpenAiOptions> = {}) {
  return createOpenAiProvider({ baseUrl, apiKey: 'sk-test', model: 'hermes-3', retryBaseDelayMs: 10, log: silentLog, ...over });
}

function request(over: Partial<StreamChatRequest> = {}): StreamChatRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Mira.' },
      { role: 'user', content: 'Hi!' },
    ],
    maxTokens: 200,
    temperature: 0.8,
    topP: 0.95,
    topK: 40,
    stop: ['\nSam:', '<|im_end|>', '</s>', '<|eot_id|>', '\nUser:'],
    ...over,
  };
}

async function failure(p: Promise<unknown>): Promise<LlmUpstreamError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmUpstreamError);
  return err as LlmUpstreamError;
}

/** Collects text until the stream fails; returns both. */
async function partial(stream: AsyncIterable<LlmChunk>) {
  let text = '';
  try {
    for await (const c of stream) text += c.text;
  } catch (err) {
    return { text, err: err as LlmUpstreamError };
  }
  return { text, err: undefined };
}

describe('OpenAI-compatible provider', () => {
  it('streams a normal reply to [DONE] and sends a well-formed request', async () => {
    const chunks: LlmChunk[] = [];
    for await (const c of provider().streamChat(request())) chunks.push(c);
    // The three events arrived together, so they come out as one chunk.
    expect(chunks.filter((c) => !c.finish).map((c) => c.text)).toEqual(['Hello there']);
    expect(chunks.at(-1)!.finish).toMatchObject({ reason: 'stop', usage: { promptTokens: 12, completionTokens: 3 } });
    expect(seen).toHaveLength(1);
    const s = seen[0]!;
    expect(s.url).toBe('/v1/chat/completions');
    expect(s.headers.authorization).toBe('Bearer sk-test');
    expect(s.body).toEqual({
      model: 'hermes-3',
      messages: [
        { role: 'system', content: 'You are Mira.' },
        { role: 'user', content: 'Hi!' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 200,
      temperature: 0.8,
      top_p: 0.95,
      stop: ['\nSam:', '<|im_end|>', '</s>', '<|eot_id|>'], // OpenAI's limit of four; the fifth applies locally
    });
  });

  it('streams pieces that arrive apart as they come, and hands over what arrived between two pulls as one chunk', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      void (async () => {
        for (const p of ['Once', ' upon', ' a']) {
          sse(res, delta(p));
          await new Promise((r) => setTimeout(r, 60));
        }
        for (const p of [' time', ' there', ' was']) sse(res, delta(p));
        await new Promise((r) => setTimeout(r, 60));
        for (const p of [' a', ' lighthouse.']) sse(res, delta(p));
        sse(res, '[DONE]');
        res.end();
      })();
    };
    const texts: string[] = [];
    for await (const c of provider().streamChat(request())) {
      if (c.finish) continue;
      texts.push(c.text);
      // A slow consumer: everything that arrives meanwhile waits in the reader.
      if (texts.length === 3) await new Promise((r) => setTimeout(r, 150));
    }
    expect(texts.slice(0, 3)).toEqual(['Once', ' upon', ' a']);
    expect(texts.slice(3)).toEqual([' time there was a lighthouse.']);
  });

  it('stops reading the model server while the consumer is behind, without timing out, and resumes when it pulls', async () => {
    const piece = 'x'.repeat(16 * 1024);
    const total = 6000; // ~96 MB: far more than the sockets between us can hold
    let written = 0;
    handler = (_n, _req, res) => {
      startStream(res);
      const pump = () => {
        while (written < total) {
          written++;
          if (!sse(res, delta(piece))) return void res.once('drain', pump);
        }
        sse(res, '[DONE]');
        res.end();
      };
      pump();
    };
    let received = 0;
    let pausedAt = -1;
    // An idle clock of 1 s: long enough that a loaded machine's pauses between chunks do not trip it while the consumer
    // pulls, short against the pause below (at least 1.7 s), which must not trip it either.
    for await (const c of provider({ idleTimeoutMs: 1_000 }).streamChat(request())) {
      received += c.text.length;
      if (pausedAt < 0 && received > 0) {
        // Stop pulling: the model server's writes must stall once the buffers between us are full (waited for in
        // steps of 0.2 s, however busy the machine), stay stalled for 1.5 s more, and the idle clock must not run.
        pausedAt = written;
        let last = -1;
        for (let i = 0; i < 50 && written !== last; i++) {
          last = written;
          await new Promise((r) => setTimeout(r, 200));
        }
        const stalled = written;
        await new Promise((r) => setTimeout(r, 1_500));
        expect(written).toBe(stalled);
        expect(written).toBeLessThan(total / 2);
      }
    }
    expect(received).toBe(total * piece.length);
  }, 30_000);

  it('sends top_k/min_p/repeat_penalty only to servers that accept them', async () => {
    await collectChat(provider({ extendedSampling: true }).streamChat(request({ minP: 0.05, repeatPenalty: 1.1 })));
    expect(seen[0]!.body).toMatchObject({ top_k: 40, min_p: 0.05, repeat_penalty: 1.1 });
  });

  it('retries an upstream 500 before the first token and then streams', async () => {
    handler = (n, _req, res) => {
      if (n === 1) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"CUDA out of memory"}}');
      else fullStream(res, ['ok']);
    };
    const r = await collectChat(provider().streamChat(request()));
    expect(r.text).toBe('ok');
    expect(seen).toHaveLength(2);
  });

  it('gives up after the retries with the upstream message', async () => {
    handler = (_n, _req, res) =>
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"object":"error","message":"Server overloaded"}');
    const err = await failure(collectChat(provider({ retries: 2 }).streamChat(request())));
    expect(err).toMatchObject({
      status: 503,
      code: 'UPSTREAM_HTTP',
      message: 'The model server had an internal error. Try again in a moment.',
      detail: 'Server overloaded',
    });
    expect(seen).toHaveLength(3);
  });

  it('surfaces a 401 error body clearly and does not retry', async () => {
    handler = (_n, _req, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: 'Incorrect API key provided: sk-test.', type: 'invalid_request_error', code: 'invalid_api_key' },
        }),
      );
    const logged: object[] = [];
    const err = await failure(collectChat(provider({ log: { ...silentLog, warn: (o) => logged.push(o) } }).streamChat(request())));
    expect(err).toMatchObject({ status: 401, code: 'UPSTREAM_HTTP', partial: false });
    // The user's sentence; the server's own text goes to the log only.
    expect(err.message).toBe("The model server refused the site's credentials. Please tell the site's operator.");
    expect(err.detail).toBe('Incorrect API key provided: sk-test.');
    expect(logged).toEqual([{ status: 401, upstream: 'Incorrect API key provided: sk-test.' }]);
    expect(seen).toHaveLength(1);
  });

  it('reads the Ollama error shape', async () => {
    handler = (_n, _req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"model \\"hermes-3\\" not found, try pulling it first"}');
    const err = await failure(collectChat(provider().streamChat(request())));
    expect(err.message).toBe("The model server does not offer the configured model. Please tell the site's operator.");
    expect(err.detail).toBe('model "hermes-3" not found, try pulling it first');
  });

  it('fires the idle timeout when the stream stalls mid-reply, without retrying', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('Hel'));
    };
    const started = performance.now();
    const { text, err } = await partial(provider({ idleTimeoutMs: 200 }).streamChat(request()));
    expect(text).toBe('Hel');
    expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT', partial: true, message: 'The model server went silent for 0.2 s mid-reply' });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(seen).toHaveLength(1);
    await expect.poll(() => seen[0]!.closedAt).toBeDefined();
  });

  it('retries when the server does not send response headers in time, then names the timeout', async () => {
    handler = () => {}; // accepts the request and never answers
    const err = await failure(collectChat(provider({ connectTimeoutMs: 150, retries: 1 }).streamChat(request())));
    expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: 'The model server did not answer within 0.15 s' });
    expect(seen).toHaveLength(2);
    await expect.poll(() => seen.every((s) => s.closedAt !== undefined)).toBe(true);
  });

  it('times out waiting for the first token without retrying', async () => {
    handler = (_n, _req, res) => startStream(res);
    const { text, err } = await partial(provider({ firstTokenTimeoutMs: 150 }).streamChat(request()));
    expect(text).toBe('');
    expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT', partial: false, message: 'The model server sent no reply within 0.15 s' });
    expect(seen).toHaveLength(1);
  });

  it('reports a disconnect mid-stream after the partial text and does not retry', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('Once upon'));
      sse(res, delta(' a time'));
      setTimeout(() => res.socket?.destroy(), 30);
    };
    const { text, err } = await partial(provider().streamChat(request()));
    expect(text).toBe('Once upon a time');
    expect(err).toBeInstanceOf(LlmUpstreamError);
    expect(err).toMatchObject({ code: 'UPSTREAM_NETWORK', partial: true });
    expect(err!.message).toMatch(
      /^The (connection to the model server broke mid-reply|model server closed the stream before the reply was complete)/,
    );
    expect(seen).toHaveLength(1);
  });

  it('retries when the server hangs up before the first token', async () => {
    handler = (n, _req, res) => {
      if (n === 1) res.socket?.destroy();
      else fullStream(res, ['fine']);
    };
    expect((await collectChat(provider().streamChat(request()))).text).toBe('fine');
    expect(seen).toHaveLength(2);
  });

  it('closes the upstream socket within a second of a client abort', async () => {
    let timer: NodeJS.Timeout | undefined;
    handler = (_n, _req, res) => {
      startStream(res);
      timer = setInterval(() => sse(res, delta('la ')), 20);
      res.on('close', () => clearInterval(timer));
    };
    const ac = new AbortController();
    let text = '';
    let reason: string | undefined;
    let abortedAt = 0;
    for await (const c of provider().streamChat(request({ signal: ac.signal }))) {
      text += c.text;
      if (c.finish) reason = c.finish.reason;
      else if (text.length >= 6 && !abortedAt) {
        abortedAt = performance.now();
        ac.abort();
      }
    }
    expect(reason).toBe('abort');
    expect(text.startsWith('la la ')).toBe(true);
    await expect.poll(() => seen[0]!.closedAt, { timeout: 1000 }).toBeDefined();
    expect(seen[0]!.closedAt! - abortedAt).toBeLessThan(1000);
  });

  it('closes the upstream socket when the consumer stops reading', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      const timer = setInterval(() => sse(res, delta('x')), 20);
      res.on('close', () => clearInterval(timer));
    };
    for await (const c of provider().streamChat(request())) if (c.text) break;
    await expect.poll(() => seen[0]!.closedAt, { timeout: 1000 }).toBeDefined();
  });

  it('applies stop sequences locally, even split across chunks, and ends the upstream request', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      for (const p of ['Hi', ' Sam.', '\nSa', 'm: hey', ' more']) sse(res, delta(p));
      // No [DONE]: the stop must end the request on our side.
    };
    const r = await collectChat(provider().streamChat(request({ stop: ['\nSam:'] })));
    expect(r.text).toBe('Hi Sam.');
    expect(r.finish.reason).toBe('stop');
    await expect.poll(() => seen[0]!.closedAt, { timeout: 1000 }).toBeDefined();
  });

  it('accepts a server that ignores stream: true and answers with one JSON completion', async () => {
    handler = (_n, _req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: 'All at once.\nSam: nope' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 9, completion_tokens: 6 },
        }),
      );
    const r = await collectChat(provider().streamChat(request()));
    expect(r.text).toBe('All at once.');
    expect(r.finish).toMatchObject({ reason: 'stop', usage: { promptTokens: 9, completionTokens: 6 } });
  });

  it('maps finish_reason "length"', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('cut'));
      sse(res, { choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
      sse(res, '[DONE]');
      res.end();
    };
    expect((await collectChat(provider().streamChat(request()))).finish.reason).toBe('length');
  });

  it('surfaces an error event inside the stream', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('Hi'));
      sse(res, { error: { message: 'Provider returned error', code: 502 } });
      res.end();
    };
    const { text, err } = await partial(provider().streamChat(request()));
    expect(text).toBe('Hi');
    expect(err).toMatchObject({
      partial: true,
      message: 'The model server had an internal error. Try again in a moment.',
      detail: 'Provider returned error',
    });
  });

  it('explains an unreachable server after retrying', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await failure(collectChat(provider({ baseUrl: `http://127.0.0.1:${port}/v1`, retries: 1 }).streamChat(request())));
    expect(err).toMatchObject({ code: 'UPSTREAM_NETWORK', status: undefined });
    expect(err.message).toBe(`Could not reach the model server at http://127.0.0.1:${port}/v1 (ECONNREFUSED)`);
  });

  it('reports health from GET /models', async () => {
    handler = (_n, req, res) => {
      if (req.url === '/v1/models') res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"hermes-3"}]}');
      else res.writeHead(404).end();
    };
    expect(await provider().health()).toEqual({ status: 'ok', detail: 'hermes-3' });
    handler = (_n, _req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
    expect(await provider().health()).toEqual({ status: 'down', detail: 'The model server answered 401: bad key' });
    expect(provider().info()).toMatchObject({ provider: 'openai', model: 'hermes-3', ready: true, state: 'ready' });
  });
});

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const reasoningDelta = (reasoning_content: string) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { reasoning_content }, finish_reason: null }],
});
const endStream = (res: http.ServerResponse) => {
  sse(res, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  sse(res, '[DONE]');
  res.end();
};

describe('OpenAI-compatible provider against real servers’ behaviour', () => {
  it('does not retry a refusal (4xx) or a chat-template error from a 500, and says so in a sentence', async () => {
    handler = (_n, _req, res) =>
      json(res, 400, {
        object: 'error',
        message: "This model's maximum context length is 1024 tokens. However, you requested 1500 tokens.",
      });
    const tooLong = await failure(collectChat(provider({ retries: 2 }).streamChat(request())));
    expect(seen).toHaveLength(1);
    expect(tooLong.message).toBe(
      "The conversation did not fit the model's context window. Shorten the message or start a new conversation.",
    );
    expect(tooLong.message).not.toContain('1024');

    seen = [];
    // llama.cpp with --jinja answers a template's raise_exception with a 500.
    handler = (_n, _req, res) =>
      json(res, 500, {
        error: {
          code: 500,
          message:
            'Jinja Exception: After the optional system message, conversation roles must alternate user/assistant/user/assistant/...',
          type: 'server_error',
        },
      });
    const template = await failure(collectChat(provider({ retries: 2 }).streamChat(request())));
    expect(seen).toHaveLength(1);
    expect(template).toMatchObject({ status: 500, code: 'UPSTREAM_HTTP' });
    expect(template.message).toBe(
      "The model server could not format this conversation for its model (a chat-template error). Please tell the site's operator.",
    );
    expect(template.detail).toMatch(/^Jinja Exception/);

    seen = [];
    handler = (_n, _req, res) => json(res, 422, { detail: 'Unprocessable: bad field' });
    await failure(collectChat(provider({ retries: 2 }).streamChat(request())));
    expect(seen).toHaveLength(1);
  });

  it('keeps reasoning out of the reply: reasoning_content deltas and a <think> block split across events', async () => {
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, reasoningDelta('The user greets me. '));
      sse(res, reasoningDelta('I should greet back.'));
      sse(res, delta('Hello'));
      sse(res, delta(', Sam.'));
      endStream(res);
    };
    expect((await collectChat(provider().streamChat(request()))).text).toBe('Hello, Sam.');

    handler = (_n, _req, res) => {
      startStream(res);
      for (const piece of ['\n<th', 'ink>\nHmm, a greeting', '. Be warm.</thi', 'nk>\n', '\n', '*smiles* Hi', ' there.']) {
        sse(res, delta(piece));
      }
      endStream(res);
    };
    const chunks: string[] = [];
    for await (const c of provider().streamChat(request())) if (c.text) chunks.push(c.text);
    expect(chunks.join('')).toBe('*smiles* Hi there.');
    expect(chunks.join('')).not.toMatch(/think|Hmm|warm/);

    // A server that ignores stream: true, with the thinking in the content.
    handler = (_n, _req, res) =>
      json(res, 200, { choices: [{ message: { content: '<think>plan</think>\n\nHello!' }, finish_reason: 'stop' }] });
    expect((await collectChat(provider().streamChat(request()))).text).toBe('Hello!');
  });

  it('asks once more when the model only thought, then answers with a clear no-reply error', async () => {
    const thinkingOnly = (res: http.ServerResponse) => {
      startStream(res);
      sse(res, reasoningDelta('Let me think about this for a very long time'));
      sse(res, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
      sse(res, '[DONE]');
      res.end();
    };
    handler = (n, _req, res) => (n === 1 ? thinkingOnly(res) : fullStream(res, ['An', ' answer.']));
    const r = await collectChat(provider({ retries: 0 }).streamChat(request()));
    expect(r.text).toBe('An answer.');
    expect(seen).toHaveLength(2);

    seen = [];
    handler = (_n, _req, res) => thinkingOnly(res);
    const err = await failure(collectChat(provider({ retries: 0 }).streamChat(request())));
    expect(err).toBeInstanceOf(LlmNoReplyError);
    expect(err).toMatchObject({ code: 'UPSTREAM_NO_REPLY', thoughtOnly: true, partial: false });
    expect(err.message).toBe('The model only thought and wrote no reply, twice. Try again, or rephrase your message.');
    expect(seen).toHaveLength(2);

    // An unclosed <think> in the content is thinking too.
    seen = [];
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('<think>Still thinking when the tokens ran out'));
      endStream(res);
    };
    const unclosed = await failure(collectChat(provider({ retries: 0 }).streamChat(request())));
    expect(unclosed).toMatchObject({ code: 'UPSTREAM_NO_REPLY', thoughtOnly: true });
    expect(seen).toHaveLength(2);

    // Nothing at all is no reply either.
    seen = [];
    handler = (_n, _req, res) => fullStream(res, []);
    expect(await failure(collectChat(provider({ retries: 0 }).streamChat(request())))).toMatchObject({ thoughtOnly: false });
    expect(seen).toHaveLength(2);
  });

  it('sends one system message and alternating turns starting with a user turn, unless told to send them as they are', async () => {
    const messages = [
      { role: 'system' as const, content: 'You are Mira.' },
      { role: 'assistant' as const, content: 'Welcome to the lighthouse.' },
      { role: 'user' as const, content: 'Hello.' },
      { role: 'user' as const, content: 'Anyone here?' },
      { role: 'system' as const, content: 'Reply in one paragraph.' },
    ];
    await collectChat(provider().streamChat(request({ messages })));
    expect(seen[0]!.body.messages).toEqual([
      { role: 'system', content: 'You are Mira.' },
      { role: 'user', content: '(The conversation begins.)' },
      { role: 'assistant', content: 'Welcome to the lighthouse.' },
      { role: 'user', content: 'Hello.\n\nAnyone here?\n\n[Reply in one paragraph.]' },
    ]);
    await collectChat(provider({ messageOrder: 'strict-no-system' }).streamChat(request({ messages })));
    expect((seen[1]!.body.messages as { role: string; content: string }[])[0]).toEqual({
      role: 'user',
      content: 'You are Mira.\n\n(The conversation begins.)',
    });
    await collectChat(provider({ messageOrder: 'any' }).streamChat(request({ messages })));
    expect(seen[2]!.body.messages).toEqual(messages);
  });

  it("learns the model's tokens per byte from the server, so prompts of a small-vocabulary model fit its context", async () => {
    const text = 'x'.repeat(300);
    const p = provider();
    expect(p.countTokens(text)).toBe(100); // 3 bytes a token to start with
    // The server counted one token per byte (plus the template's own tokens).
    handler = (_n, _req, res) => {
      startStream(res);
      sse(res, delta('ok'));
      sse(res, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      sse(res, { id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 20, completion_tokens: 1 } });
      sse(res, '[DONE]');
      res.end();
    };
    await collectChat(p.streamChat(request())); // 16 bytes of messages, 20 tokens
    expect(p.countTokens(text)).toBe(Math.ceil(300 / ((16 / 20) * 0.95)));
    // A context error that names the prompt's tokens teaches the same (llama.cpp's wording).
    const q = provider();
    handler = (_n, _req, res) =>
      json(res, 400, {
        error: { code: 400, message: 'request (24 tokens) exceeds the available context size (16 tokens), try increasing it' },
      });
    await failure(collectChat(q.streamChat(request())));
    expect(q.countTokens(text)).toBe(Math.ceil(300 / ((16 / 24) * 0.95)));
  });

  describe('context size from the server', () => {
    const serve =
      (routes: Record<string, (res: http.ServerResponse, body: Record<string, unknown>) => void>): Handler =>
      (_n, req, res) => {
        const route = routes[`${req.method} ${req.url}`];
        if (route) route(res, seen.at(-1)!.body);
        else if (req.url === '/v1/chat/completions') fullStream(res, ['ok']);
        else res.writeHead(404).end('not found');
      };

    it('reads llama.cpp /props (per slot), and is loading until it knows', async () => {
      handler = serve({ 'GET /props': (res) => json(res, 200, { default_generation_settings: { n_ctx: 1024 }, total_slots: 2 }) });
      const p = provider({ detectContext: true, contextSize: 4096 });
      expect(p.info()).toMatchObject({ state: 'loading', ready: false });
      await p.whenReady();
      expect(p.info()).toMatchObject({ state: 'ready', ready: true, contextSize: 1024, messageOrder: 'strict' });
      expect(seen.map((s) => s.url).sort()).toEqual(['/api/show', '/props', '/v1/models']);
    });

    it("reads vLLM's max_model_len for the configured model, and LLM_CONTEXT_SIZE caps it", async () => {
      handler = serve({
        'GET /v1/models': (res) =>
          json(res, 200, {
            object: 'list',
            data: [
              { id: 'other', max_model_len: 2048 },
              { id: 'hermes-3', max_model_len: 32768 },
            ],
          }),
      });
      const p = provider({ detectContext: true });
      await p.whenReady();
      expect(p.info().contextSize).toBe(32768);
      const capped = provider({ detectContext: true, contextSize: 8192 });
      await capped.whenReady();
      expect(capped.info().contextSize).toBe(8192);
    });

    it("reads Ollama's num_ctx, or its default runtime context for a model trained on more", async () => {
      let parameters = 'stop "<|im_end|>"\nnum_ctx 6144\ntemperature 0.7';
      handler = serve({
        'POST /api/show': (res, body) =>
          body.model === 'hermes-3'
            ? json(res, 200, { parameters, model_info: { 'general.architecture': 'llama', 'llama.context_length': 131072 } })
            : json(res, 404, { error: 'model not found' }),
      });
      const p = provider({ detectContext: true, baseUrl: baseUrl.replace(/\/v1$/, '') + '/v1' });
      await p.whenReady();
      expect(p.info().contextSize).toBe(6144);
      parameters = 'stop "<|im_end|>"';
      const q = provider({ detectContext: true });
      await q.whenReady();
      expect(q.info().contextSize).toBe(4096);
    });

    it('falls back to LLM_CONTEXT_SIZE when the server does not say, and reads again after a context error', async () => {
      const server: { nCtx?: number } = {};
      const warned: object[] = [];
      handler = serve({
        'GET /props': (res) =>
          server.nCtx ? json(res, 200, { default_generation_settings: { n_ctx: server.nCtx } }) : res.writeHead(404).end(),
        'POST /v1/chat/completions': (res) =>
          json(res, 400, { error: { code: 400, message: 'the request exceeds the available context size, try increasing it' } }),
      });
      const p = provider({ detectContext: true, contextSize: 3000, log: { ...silentLog, warn: (o) => warned.push(o) } });
      await p.whenReady();
      expect(p.info()).toMatchObject({ contextSize: 3000, state: 'ready' });
      expect(warned).toEqual([{ fallback: 3000 }]);
      server.nCtx = 512;
      const err = await failure(collectChat(p.streamChat(request())));
      expect(err.message).toMatch(/did not fit the model's context window/);
      await expect.poll(() => p.info().contextSize).toBe(512);
    });
  });
});
