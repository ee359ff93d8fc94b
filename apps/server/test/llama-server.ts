// The real llama.cpp `llama-server` (CPU build) for tests of the OpenAI-compatible providers: found at
// LLAMA_SERVER_BIN, ../shared/tools/llama-server beside the clone, or /work/shared/tools/llama-server (see that
// folder's README). `binary` is undefined when none is there: the test is skipped with `skipReason`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const candidates = [
  process.env.LLAMA_SERVER_BIN,
  path.resolve(repoRoot, '../shared/tools/llama-server/llama-server'),
  '/work/shared/tools/llama-server/llama-server',
].filter((p): p is string => Boolean(p));
export const llamaServerBinary = candidates.find((p) => existsSync(p));
export const llamaServerSkipReason = `no llama-server binary (looked at ${candidates.join(', ')}; set LLAMA_SERVER_BIN)`;

/** The binary with its libraries in a folder of our own (the shared folder may hold library links as text files). */
function runnableCopy(bin: string): { bin: string; libDir: string } {
  const src = path.dirname(bin);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reverie-llama-server-'));
  for (const name of readdirSync(src)) {
    const file = path.join(src, name);
    let target = file;
    if (statSync(file).size < 128 && /\.so/.test(name)) {
      const named = readFileSync(file, 'utf8').trim();
      if (/^[\w.+-]+$/.test(named) && existsSync(path.join(src, named))) target = path.join(src, named);
    }
    symlinkSync(target, path.join(dir, name));
  }
  return { bin: path.join(dir, path.basename(bin)), libDir: dir };
}

export interface LlamaServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Ports below Linux's ephemeral range (32768–60999), where the test process's own connections take theirs. */
const randomPort = () => 20_000 + Math.floor(Math.random() * 12_000);

/**
 * Starts llama-server on a free port with the given model and arguments; resolves once /health answers. A port taken
 * in the meantime (llama-server: "couldn't bind") is tried again on another, up to three times.
 */
export async function startLlamaServer(modelPath: string, args: string[]): Promise<LlamaServer> {
  if (!llamaServerBinary) throw new Error(llamaServerSkipReason);
  const bin = runnableCopy(llamaServerBinary);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(bin, randomPort(), modelPath, args);
    } catch (err) {
      if (attempt >= 3 || !/couldn't bind/.test((err as Error).message)) throw err;
    }
  }
}

async function startOn(bin: { bin: string; libDir: string }, port: number, modelPath: string, args: string[]): Promise<LlamaServer> {
  const child = spawn(
    bin.bin,
    ['-m', modelPath, '--host', '127.0.0.1', '--port', String(port), '-np', '1', '-t', '1', '--no-webui', ...args],
    {
      env: { ...process.env, LD_LIBRARY_PATH: bin.libDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const append = (b: Buffer) => (log = (log + b.toString('utf8')).slice(-16_384));
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama-server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`llama-server did not become ready:\n${log}`);
    if (
      await fetch(`${baseUrl}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
