import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeDownloadFailure, downloadModel, ModelDownloadError, modelFileName, type DownloadProgress } from './download.ts';

const file = randomBytes(256 * 1024);
const sha = createHash('sha256').update(file).digest('hex');

interface Seen {
  range: string | undefined;
}

/** Serves `file` with Range support; `behave` can break individual requests. */
let behave: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false;
let seen: Seen[] = [];
let server: http.Server;
let base: string;
let dir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ range: req.headers.range });
    if (behave(seen.length, req, res)) return;
    if (req.url !== '/m/model.gguf') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    const m = req.headers.range?.match(/^bytes=(\d+)-$/);
    if (m) {
      const start = Number(m[1]);
      if (start >= file.length) {
        res.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
        return;
      }
      res.writeHead(206, {
        'content-range': `bytes ${start}-${file.length - 1}/${file.length}`,
        'content-length': String(file.length - start),
      });
      res.end(file.subarray(start));
      return;
    }
    res.writeHead(200, { 'content-length': String(file.length) });
    res.end(file);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-dl-'));
  seen = [];
  behave = () => false;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const fast = { retryDelayMs: 10, progressIntervalMs: 0 };

describe('model download', () => {
  it('downloads, reports progress up to 100 % and verifies the checksum', async () => {
    const progress: DownloadProgress[] = [];
    const out = await downloadModel({ url: `${base}/m/model.gguf`, dir, sha256: sha, ...fast, onProgress: (p) => progress.push(p) });
    expect(out).toBe(path.join(dir, 'model.gguf'));
    expect(readFileSync(out).equals(file)).toBe(true);
    expect(existsSync(`${out}.part`)).toBe(false);
    expect(progress.at(-1)).toEqual({ receivedBytes: file.length, totalBytes: file.length, percent: 100 });
    const percents = progress.map((p) => p.percent!);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('resumes with a Range request after the connection drops mid-file', async () => {
    behave = (n, _req, res) => {
      if (n !== 1) return false;
      res.writeHead(200, { 'content-length': String(file.length) });
      res.write(file.subarray(0, 100_000), () => res.destroy());
      return true;
    };
    const out = await downloadModel({ url: `${base}/m/model.gguf`, dir, sha256: sha, ...fast });
    expect(readFileSync(out).equals(file)).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.range).toBeUndefined();
    expect(seen[1]!.range).toMatch(/^bytes=\d+-$/);
    expect(Number(seen[1]!.range!.slice(6, -1))).toBeGreaterThan(0);
  });

  it('continues a .part file left by an earlier run', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'model.gguf.part'), file.subarray(0, 1234));
    const out = await downloadModel({ url: `${base}/m/model.gguf`, dir, sha256: sha, ...fast });
    expect(seen.map((s) => s.range)).toEqual(['bytes=1234-']);
    expect(readFileSync(out).equals(file)).toBe(true);
  });

  it('starts over when the server ignores the Range header', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'model.gguf.part'), Buffer.alloc(5000, 7));
    behave = (_n, _req, res) => {
      res.writeHead(200, { 'content-length': String(file.length) }).end(file);
      return true;
    };
    const out = await downloadModel({ url: `${base}/m/model.gguf`, dir, sha256: sha, ...fast });
    expect(readFileSync(out).equals(file)).toBe(true);
  });

  it('retries a 503 and does not download again once the file is complete', async () => {
    behave = (n, _req, res) => {
      if (n !== 1) return false;
      res.writeHead(503).end('busy');
      return true;
    };
    const out = await downloadModel({ url: `${base}/m/model.gguf`, dir, ...fast });
    expect(seen).toHaveLength(2);
    await downloadModel({ url: `${base}/m/model.gguf`, dir, ...fast });
    expect(seen).toHaveLength(2);
    expect(readFileSync(out).equals(file)).toBe(true);
  });

  it('rejects a checksum mismatch with a clear error and deletes the bad file', async () => {
    const wrong = 'a'.repeat(64);
    const err = await downloadModel({ url: `${base}/m/model.gguf`, dir, sha256: wrong, ...fast }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err.message).toBe(`The downloaded model failed its checksum (expected SHA-256 ${wrong}, got ${sha}); the file was deleted`);
    expect(existsSync(path.join(dir, 'model.gguf'))).toBe(false);
    expect(existsSync(path.join(dir, 'model.gguf.part'))).toBe(false);
    expect(seen).toHaveLength(1); // no retry loop on a bad file
  });

  it('fails at once on a 404 naming the URL and status', async () => {
    const url = `${base}/m/missing.gguf`;
    const err = await downloadModel({ url, dir, ...fast }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err.status).toBe(404);
    expect(err.message).toBe(`Model download failed: ${url} answered 404 Not Found`);
    expect(seen).toHaveLength(1);
  });

  it('gives up with a clear error when the server stalls on every attempt', async () => {
    behave = (_n, _req, res) => {
      res.writeHead(200, { 'content-length': String(file.length) });
      res.write(file.subarray(0, 10));
      return true; // never ends
    };
    const err = await downloadModel({ url: `${base}/m/model.gguf`, dir, ...fast, retries: 1, idleTimeoutMs: 150 }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelDownloadError);
    expect(err.message).toBe('No data from the model server for 0.15 s');
    expect(seen).toHaveLength(2);
    server.closeAllConnections();
  });

  it('says in words what went wrong: a host that closes, one that fails, one that breaks off, one that is not there', async () => {
    const host = new URL(base).host;
    const failure = async (url: string) => {
      const retried: number[] = [];
      const err = await downloadModel({ url, dir, ...fast, retries: 1, onRetry: (r) => retried.push(r.attempt) }).catch((e: unknown) => e);
      return { text: describeDownloadFailure(err, url), retried };
    };
    behave = (_n, req) => {
      req.socket.destroy();
      return true;
    };
    expect(await failure(`${base}/m/model.gguf`)).toEqual({
      text: `Cannot reach the model host (${host}): is this machine offline?`,
      retried: [1],
    });
    behave = (_n, _req, res) => {
      res.writeHead(502).end();
      return true;
    };
    expect((await failure(`${base}/m/model.gguf`)).text).toBe(`The model host (${host}) is failing: it answered 502.`);
    behave = (_n, _req, res) => {
      res.writeHead(200, { 'content-length': String(file.length) });
      res.write(file.subarray(0, 1000), () => res.destroy());
      return true;
    };
    expect((await failure(`${base}/m/model.gguf`)).text).toBe(`The model host (${host}) stopped sending the file part-way.`);
    behave = () => false;
    expect((await failure(`${base}/m/nothing.gguf`)).text).toBe(
      `The model host (${host}) has no file at that address (404): check LLM_MODEL_URL.`,
    );
    expect((await failure('http://127.0.0.1:9/m.gguf')).text).toBe('Cannot reach the model host (127.0.0.1:9): is this machine offline?');
  });

  it('derives a safe file name from the URL', () => {
    expect(modelFileName('https://h.example/a/b/Hermes-3.Q4_K_M.gguf?download=true')).toBe('Hermes-3.Q4_K_M.gguf');
    expect(modelFileName('https://h.example/x/..%2F..%2Fetc%2Fpasswd')).toBe('model-.._.._etc_passwd.gguf');
    expect(() => modelFileName('not a url')).toThrow('The model URL is not a valid URL: not a url');
  });
});
