// The embedded provider's helpers around node-llama-cpp (embedded.ts): threads, loading llama.cpp once per process,
// our messages as its chat history, the whole prompt's tokens through the model's chat wrapper, and the queue
// between llama.cpp's callbacks and the reply stream.
import os from 'node:os';
import { getLlama, type ChatHistoryItem, type ChatWrapper, type Llama, type LlamaModel } from 'node-llama-cpp';
import type { ChatMessage, LlmLog } from './llm-provider.ts';
import { arrangeMessages, type MessageOrder } from './message-order.ts';

/**
 * llama.cpp batches all sequences of a context into one decode call, so parallel generations share threads rather
 * than multiplying them. Oversubscribing cores is what makes it crawl: llama.cpp's worker threads spin while they
 * wait for each other, so any thread that loses its core stalls every token. On the 2-core development machine
 * (shared, load ~15) the tiny model ran at 1,050–1,300 tokens/s alone and ~1,700 tokens/s for two parallel
 * generations with 1 thread, while 2 threads had not finished 1,500 tokens after ten minutes (node-llama-cpp's
 * default is max(4, cores)). So: 1 thread on 1–2 cores, otherwise cores − 1 (one core stays with the event loop
 * and the rest of the app), capped at 16.
 */
export function defaultThreads(cores = os.availableParallelism(), parallel = 1): number {
  void parallel; // batched decoding: see above
  if (cores <= 2) return 1;
  return Math.min(16, cores - 1);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * getLlama with a second and third chance. Before it loads the native bindings, node-llama-cpp tests them in a
 * forked child process; a child that dies early (a busy or short-of-memory machine) reads as "no binary", although
 * the same binary loads a moment later. Nothing of a failed attempt is kept (not here, not on disk), so the next
 * start, or the next attempt, tests afresh.
 */
export async function loadLlamaWithRetries(
  load: () => Promise<Llama>,
  log: LlmLog,
  { attempts = 3, delayMs = 1_000 }: { attempts?: number; delayMs?: number } = {},
): Promise<Llama> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= attempts) throw err;
      log.warn({ err, attempt, attempts }, 'loading llama.cpp failed; trying again');
      await sleep(delayMs * attempt);
    }
  }
}

// getLlama loads the native bindings (0.6–2 s); one per thread/GPU setting is enough for the process.
const llamas = new Map<string, Promise<Llama>>();
export function sharedLlama(gpu: 'auto' | false, threads: number, log: LlmLog): Promise<Llama> {
  const key = `${gpu}:${threads}`;
  let p = llamas.get(key);
  if (!p) {
    p = loadLlamaWithRetries(() => getLlama({ gpu, build: 'never', maxThreads: threads, progressLogs: false }), log);
    p.catch(() => llamas.delete(key));
    llamas.set(key, p);
  }
  return p;
}

export const nextTick = () => new Promise<void>((r) => setImmediate(r));

export function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = messages.map((m) =>
    m.role === 'system'
      ? { type: 'system', text: m.content }
      : m.role === 'user'
        ? { type: 'user', text: m.content }
        : { type: 'model', response: [m.content] },
  );
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

/** A tiny async queue between llama.cpp callbacks and the consumer's `for await`. */
export class Channel {
  private items: string[] = [];
  private wake: (() => void) | undefined;
  done = false;
  push(text: string) {
    this.items.push(text);
    this.wake?.();
  }
  close() {
    this.done = true;
    this.wake?.();
  }
  async *drain(): AsyncGenerator<string> {
    for (;;) {
      if (this.items.length) {
        yield this.items.splice(0).join('');
        continue;
      }
      if (this.done) return;
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
}

/**
 * The whole prompt's tokens as the model will see it: the messages in the order the template takes them, rendered by
 * the chat wrapper the replies use (the template's fixed text, role markers and the reply's opening included), then
 * tokenized by the model. Synchronous and local (no server to ask).
 */
export function countChatPrompt(model: LlamaModel, wrapper: ChatWrapper, messages: readonly ChatMessage[], order?: MessageOrder): number {
  const { contextText } = wrapper.generateContextState({ chatHistory: toHistory(arrangeMessages([...messages], order)) });
  return contextText.tokenize(model.tokenizer).length;
}
