// Real llama.cpp inference on the self-made tiny GGUF (scripts/make-tiny-gguf.mjs).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedProvider, defaultThreads, DOWNLOAD_ADVICE, loadLlamaWithRetries, type EmbeddedLlmProvider } from './embedded.ts';
import { collectChat, LlmUnavailableError, type LlmChunk, type StreamChatRequest } from './llm-provider.ts';
import { tinyModelPath } from '../../../test/tiny-model.ts';

const silentLog = { info() {}, warn() {}, error() {} };

function request(over: Partial<StreamChatRequest> = {}): StreamChatRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Mira, a quiet stargazer.' },
      { role: 'user', content: 'hello the night' },
    ],
    maxTokens: 40,
    temperature: 0,
    topP: 1,
    stop: [],
    ...over,
  };
}

describe('embedded provider (tiny GGUF, real llama.cpp)', () => {
  let llm: EmbeddedLlmProvider;
  beforeAll(async () => {
    llm = createEmbeddedProvider({
      modelPath: tinyModelPath(1),
      dataDir: os.tmpdir(),
      parallel: 2,
      threads: 1,
      contextSize: 1024,
      gpu: false,
      log: silentLog,
    });
    await llm.whenReady();
  });
  afterAll(() => llm.close());

  it('reports itself ready with the model name and context size', async () => {
    const info = llm.info();
    expect(info).toMatchObject({ provider: 'embedded', model: 'reverie-tiny-1', ready: true, state: 'ready', active: 0, queued: 0 });
    expect(info.contextSize).toBeGreaterThanOrEqual(1024);
    expect(await llm.health()).toMatchObject({ status: 'ok' });
  });

  it('streams a reply in several chunks and ends with usage and the finish reason', async () => {
    const chunks: LlmChunk[] = [];
    for await (const c of llm.streamChat(request({ maxTokens: 30 }))) chunks.push(c);
    const texts = chunks.filter((c) => !c.finish);
    expect(texts.length).toBeGreaterThan(3);
    const last = chunks.at(-1)!;
    expect(last.finish?.reason).toBe('length');
    expect(last.finish?.usage.completionTokens).toBe(30);
    // Our short system prompt, not node-llama-cpp's ~300-token default.
    expect(last.finish?.usage.promptTokens).toBeGreaterThan(10);
    expect(last.finish?.usage.promptTokens).toBeLessThan(120);
    expect(last.finish?.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(texts.map((c) => c.text).join('').length).toBeGreaterThan(10);
  });

  it('is deterministic at temperature 0 and stops before a stop sequence without emitting it', async () => {
    const a = await collectChat(llm.streamChat(request({ maxTokens: 60 })));
    const b = await collectChat(llm.streamChat(request({ maxTokens: 60 })));
    expect(b.text).toBe(a.text);
    const stopAt = a.text.length > 24 ? 12 : 4;
    const stop = a.text.slice(stopAt, stopAt + 3);
    const cut = await collectChat(llm.streamChat(request({ maxTokens: 60, stop: [stop] })));
    expect(cut.finish.reason).toBe('stop');
    expect(cut.text).toBe(a.text.slice(0, a.text.indexOf(stop)));
  });

  it('continues a trailing assistant message instead of starting a new one', async () => {
    const messages = [...request().messages, { role: 'assistant' as const, content: 'She smiles and' }];
    const r = await collectChat(llm.streamChat(request({ messages, maxTokens: 10 })));
    expect(r.finish.usage.completionTokens).toBe(10);
    expect(r.text.length).toBeGreaterThan(0);
  });

  it('stops within a second of an abort and resolves with the partial text', async () => {
    const ac = new AbortController();
    let text = '';
    let chunks = 0;
    let finishReason: string | undefined;
    let abortedAt = 0;
    for await (const c of llm.streamChat(request({ maxTokens: 900, signal: ac.signal }))) {
      text += c.text;
      if (c.finish) finishReason = c.finish.reason;
      else if (++chunks === 3) {
        abortedAt = performance.now();
        ac.abort();
      }
    }
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(finishReason).toBe('abort');
    expect(text.length).toBeGreaterThan(0);
    expect(llm.info().active).toBe(0);
  });

  it('runs two generations at once and queues a third at position 1 until a slot frees', async () => {
    const acA = new AbortController();
    const a = llm.streamChat(request({ maxTokens: 900, signal: acA.signal }))[Symbol.asyncIterator]();
    const b = llm.streamChat(request({ maxTokens: 900 }))[Symbol.asyncIterator]();
    // Both hold a sequence once their first chunk has arrived.
    expect((await a.next()).value.text.length).toBeGreaterThan(0);
    expect((await b.next()).value.text.length).toBeGreaterThan(0);
    expect(llm.info().active).toBe(2);

    const positions: number[] = [];
    const c = llm.streamChat(request({ maxTokens: 20, onQueuePosition: (p) => positions.push(p) }));
    const cDone = collectChat(c);
    await new Promise((r) => setImmediate(r));
    expect(positions).toEqual([1]);
    expect(llm.info()).toMatchObject({ active: 2, queued: 1 });

    acA.abort();
    for (let r = await a.next(); !r.done; r = await a.next());
    const cResult = await cDone;
    expect(positions).toEqual([1, 0]);
    expect(cResult.finish.reason).toBe('length');
    expect(cResult.text.length).toBeGreaterThan(0);

    // Leaving the loop early also aborts the generation and frees its slot once llama.cpp is done with it.
    const returnedAt = performance.now();
    await b.return?.(undefined);
    expect(performance.now() - returnedAt).toBeLessThan(1000);
    expect(llm.info()).toMatchObject({ active: 0, queued: 0 });
    // Both slots serve again at once.
    const again = await Promise.all([
      collectChat(llm.streamChat(request({ maxTokens: 5 }))),
      collectChat(llm.streamChat(request({ maxTokens: 5 }))),
    ]);
    expect(again.map((r) => r.finish.usage.completionTokens)).toEqual([5, 5]);
  });

  it('counts tokens with the model tokenizer', () => {
    expect(llm.countTokens('')).toBe(0);
    expect(llm.countTokens('hello the night')).toBe(3); // whole-word pieces in the tiny vocabulary
    expect(llm.countTokens('zzz')).toBe(4); // '▁' and three letters: there is no '▁z' piece
    expect(llm.countTokens('hello the night '.repeat(10))).toBeGreaterThan(25);
  });

  it('uses one thread on two cores and leaves a core free on bigger machines', () => {
    expect(defaultThreads(1, 2)).toBe(1);
    expect(defaultThreads(2, 2)).toBe(1);
    expect(defaultThreads(8, 2)).toBe(7);
    expect(defaultThreads(64, 2)).toBe(16);
  });
});

describe('embedded provider before the model is on disk', () => {
  let server: http.Server;
  let dir: string;
  let release: () => void;
  const model = readFileSync(tinyModelPath(2));
  const cut = Math.floor(model.length * 0.426);
  const percent = Math.floor((cut / model.length) * 1000) / 10; // what the downloader reports: 42.5 or 42.6

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-llm-dl-'));
    const gate = new Promise<void>((r) => (release = r));
    server = http.createServer(async (req, res) => {
      if (req.url?.includes('missing')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(model.length) });
      res.write(model.subarray(0, cut));
      await gate;
      res.end(model.subarray(cut));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    release();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads the model, answers "downloading: 42 %" meanwhile, then serves real replies', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/tiny.gguf`;
    const llm = createEmbeddedProvider({
      modelUrl: url,
      dataDir: dir,
      parallel: 1,
      threads: 1,
      contextSize: 512,
      gpu: false,
      log: silentLog,
      download: { progressIntervalMs: 0 },
    });
    try {
      await expect.poll(() => llm.info().progress, { timeout: 5000 }).toBe(percent);
      expect(llm.info()).toMatchObject({ state: 'downloading', ready: false, download: { receivedBytes: cut, totalBytes: model.length } });
      let err: unknown;
      try {
        llm.streamChat(request());
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(LlmUnavailableError);
      expect(err).toMatchObject({ code: 'MODEL_DOWNLOADING', message: 'The model is downloading: 42 %' });
      expect(await llm.health()).toEqual({ status: 'down', detail: `Downloading the model: ${percent} %` });

      release();
      await llm.whenReady();
      expect(llm.info()).toMatchObject({ state: 'ready', model: 'reverie-tiny-2' });
      const r = await collectChat(llm.streamChat(request({ maxTokens: 8 })));
      expect(r.finish.usage.completionTokens).toBe(8);
      expect(readFileSync(path.join(dir, 'models', 'tiny.gguf')).equals(model)).toBe(true);
    } finally {
      await llm.close();
    }
  });

  it('reports a failed download in info, health and a clear error to chat requests', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/missing.gguf`;
    const llm = createEmbeddedProvider({ modelUrl: url, dataDir: dir, parallel: 1, threads: 1, gpu: false, log: silentLog });
    try {
      await llm.whenReady();
      const host = new URL(url).host;
      const reason = `The model host (${host}) has no file at that address (404): check LLM_MODEL_URL. ${DOWNLOAD_ADVICE}`;
      expect(llm.info()).toMatchObject({ state: 'error', ready: false, error: reason, canRetry: true });
      expect(await llm.health()).toEqual({ status: 'down', detail: reason });
      expect(() => llm.streamChat(request())).toThrow(`The language model is unavailable: ${reason}`);
    } finally {
      await llm.close();
    }
  });
});

describe('a model host that cannot be reached', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-llm-offline-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('retries with backoff while saying what is wrong, then fails plainly; Retry starts again and gets the model', async () => {
    // A port that refuses connections now and serves the model later (the machine came back online).
    const model = readFileSync(tinyModelPath(3));
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const url = `http://127.0.0.1:${port}/m/tiny.gguf`;
    const offline = `Cannot reach the model host (127.0.0.1:${port}): is this machine offline?`;
    const llm = createEmbeddedProvider({
      modelUrl: url,
      dataDir: dir,
      parallel: 1,
      threads: 1,
      contextSize: 512,
      gpu: false,
      log: silentLog,
      download: { retries: 2, retryDelayMs: 300 },
    });
    let server: http.Server | undefined;
    try {
      // Between attempts: still downloading, with the reason and the next attempt in words.
      await expect.poll(() => llm.info().problem, { timeout: 5_000 }).toMatch(/^Cannot reach the model host/);
      expect(llm.info()).toMatchObject({ state: 'downloading', ready: false, canRetry: true });
      expect(llm.info().problem).toBe(`${offline} Trying again in 1 s. ${DOWNLOAD_ADVICE}`);
      expect((await llm.health()).detail).toBe(llm.info().problem);
      expect(() => llm.streamChat(request())).toThrow(/^Cannot reach the model host/);
      // Out of attempts: a plain failure that says what to do.
      await llm.whenReady();
      expect(llm.info()).toMatchObject({ state: 'error', ready: false, canRetry: true, error: `${offline} ${DOWNLOAD_ADVICE}` });
      expect(llm.info().problem).toBeUndefined();

      server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-length': String(model.length) }).end(model);
      });
      await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
      llm.retry();
      expect(llm.info().state).not.toBe('error');
      await llm.whenReady();
      expect(llm.info()).toMatchObject({ state: 'ready', ready: true, canRetry: false, model: 'reverie-tiny-3' });
      const r = await collectChat(llm.streamChat(request({ maxTokens: 4 })));
      expect(r.finish.usage.completionTokens).toBe(4);
    } finally {
      await llm.close();
      server?.closeAllConnections();
      await new Promise((r) => (server ? server.close(r) : r(undefined)));
    }
  });
});

describe('Retry while the download waits between attempts (#46.5)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-llm-wait-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is offered at once and starts the next attempt now, instead of after minutes of waits', async () => {
    const model = readFileSync(tinyModelPath(3));
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    // The first wait is a minute: without Retry the model could not be ready within this test.
    const llm = createEmbeddedProvider({
      modelUrl: `http://127.0.0.1:${port}/m/tiny.gguf`,
      dataDir: dir,
      parallel: 1,
      threads: 1,
      contextSize: 512,
      gpu: false,
      log: silentLog,
      download: { retries: 3, retryDelayMs: 60_000 },
    });
    let server: http.Server | undefined;
    try {
      await expect.poll(() => llm.info().problem, { timeout: 5_000 }).toMatch(/^Cannot reach the model host/);
      expect(llm.info()).toMatchObject({ state: 'downloading', canRetry: true });
      server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-length': String(model.length) }).end(model);
      });
      await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
      const started = Date.now();
      llm.retry();
      await expect.poll(() => llm.info().state, { timeout: 20_000 }).toBe('ready');
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await llm.close();
      server?.closeAllConnections();
      await new Promise((r) => (server ? server.close(r) : r(undefined)));
    }
  }, 40_000);
});

describe('loading llama.cpp', () => {
  it('tries again when a load fails (a binary test that died on a busy machine), and gives up after the last attempt', async () => {
    let calls = 0;
    const warnings: unknown[] = [];
    const log = { ...silentLog, warn: (o: object) => warnings.push(o) };
    const llama = { fake: true } as unknown as Awaited<ReturnType<Parameters<typeof loadLlamaWithRetries>[0]>>;
    const flaky = async () => {
      calls++;
      if (calls < 3) throw new Error('NoBinaryFoundError');
      return llama;
    };
    expect(await loadLlamaWithRetries(flaky, log, { attempts: 3, delayMs: 1 })).toBe(llama);
    expect(calls).toBe(3);
    expect(warnings).toHaveLength(2);
    calls = -10;
    await expect(loadLlamaWithRetries(flaky, log, { attempts: 2, delayMs: 1 })).rejects.toThrow('NoBinaryFoundError');
    expect(calls).toBe(-8);
  });
});
