// bench:memory's real embedding models for the recall-quality row (bench/memory.ts), each run through one of the
// app's own embedders:
//   - Universal Sentence Encoder lite (Google; 512 dimensions, English), served by bench/real-embeddings-server.mjs
//     on 127.0.0.1 and reached through the app's OpenAI-compatible embedder; always run (its weights are a
//     devDependency), BENCH_USE=0 skips it;
//   - EMBEDDING_MODEL_PATH: a GGUF embedding model run in this process by node-llama-cpp (the embedded default's path);
//   - BENCH_EMBEDDING_URL (+ BENCH_EMBEDDING_MODEL): any other OpenAI-compatible server (llama-server --embeddings,
//     Ollama, vLLM).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { OpenAiEmbedder, type Embedder } from '../apps/server/src/providers/embeddings/index.ts';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface RealModels {
  embedders: Embedder[];
  /** Why a model named in the environment was not run. */
  notes: string[];
  close(): Promise<void>;
}

/** The Universal Sentence Encoder server as a child process, its port read from its first line. */
async function startUse(): Promise<{ child: ChildProcess; embedder: Embedder }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'real-embeddings-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('no "listening" line within 60 s'));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening (\d+)/.exec(chunk.toString());
      if (!m) return;
      clearTimeout(timer);
      resolve(Number(m[1]));
    });
  });
  const embedder = new OpenAiEmbedder({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: 'universal-sentence-encoder-lite',
    timeoutMs: 120_000,
  });
  return { child, embedder };
}

async function gguf(modelPath: string): Promise<Embedder | string> {
  const { EmbeddedEmbedder, GEMMA_PREFIXES } = await import('../apps/server/src/providers/embeddings/embedded.ts');
  const gemma = /embeddinggemma/i.test(path.basename(modelPath));
  const prefixes = {
    ...(gemma ? GEMMA_PREFIXES : {}),
    ...(process.env.EMBEDDING_QUERY_PREFIX ? { query: process.env.EMBEDDING_QUERY_PREFIX } : {}),
    ...(process.env.EMBEDDING_PASSAGE_PREFIX ? { passage: process.env.EMBEDDING_PASSAGE_PREFIX } : {}),
  };
  const e = new EmbeddedEmbedder({ modelPath, dataDir: os.tmpdir(), gpu: false, prefixes, log: quietLog });
  await e.whenReady();
  return e.info().state === 'ready' ? e : `${modelPath} did not load (${e.info().error ?? e.info().state})`;
}

export async function startRealModels(): Promise<RealModels> {
  const embedders: Embedder[] = [];
  const notes: string[] = [];
  const children: ChildProcess[] = [];
  if (process.env.BENCH_USE !== '0') {
    try {
      const use = await startUse();
      children.push(use.child);
      embedders.push(use.embedder);
    } catch (err) {
      notes.push(`Universal Sentence Encoder lite not run: ${(err as Error).message}`);
    }
  }
  const modelPath = process.env.EMBEDDING_MODEL_PATH;
  if (modelPath) {
    const e = await gguf(modelPath);
    if (typeof e === 'string') notes.push(`EMBEDDING_MODEL_PATH not run: ${e}`);
    else embedders.push(e);
  } else notes.push('a GGUF embedding model in process: not run, set EMBEDDING_MODEL_PATH');
  const url = process.env.BENCH_EMBEDDING_URL;
  if (url) embedders.push(new OpenAiEmbedder({ baseUrl: url, model: process.env.BENCH_EMBEDDING_MODEL ?? 'default', timeoutMs: 120_000 }));
  return {
    embedders,
    notes,
    async close() {
      await Promise.all(embedders.map((e) => e.close()));
      for (const c of children) c.kill('SIGTERM');
    },
  };
}
