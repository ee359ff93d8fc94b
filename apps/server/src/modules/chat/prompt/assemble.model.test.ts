// Prompt assembly counted with a real tokenizer and fed to real llama.cpp inference (tiny GGUF).
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedProvider, type EmbeddedLlmProvider } from '../../../providers/llm/embedded.ts';
import { collectChat } from '../../../providers/llm/llm-provider.ts';
import { tinyModelPath } from '../../../../test/tiny-model.ts';
import { assemblePrompt, type HistoryMessage } from './index.ts';

describe('assembled prompt on the tiny model', () => {
  let llm: EmbeddedLlmProvider;
  beforeAll(async () => {
    llm = createEmbeddedProvider({
      modelPath: tinyModelPath(1),
      dataDir: os.tmpdir(),
      parallel: 1,
      threads: 1,
      contextSize: 1024,
      gpu: false,
      log: { info() {}, warn() {}, error() {} },
    });
    await llm.whenReady();
  });
  afterAll(() => llm.close());

  it('fits a long conversation into the real context and the model answers it', async () => {
    const history: HistoryMessage[] = Array.from({ length: 60 }, (_, i) => ({
      role: i % 2 ? 'user' : 'assistant',
      content: `Line ${i}: the night is quiet and the stars are out over the river.`,
    }));
    const maxTokens = 64;
    const { contextSize } = llm.info();
    const p = assemblePrompt({
      character: { name: 'Mira', description: 'A stargazer.', postHistoryInstructions: 'Answer as {{char}}.' },
      userName: 'Sam',
      memory: { summary: 'They met at the river.' },
      history,
      contextSize,
      replyBudget: maxTokens,
      countTokens: (t) => llm.countTokens(t),
      // ChatML role markers cost more with a byte-level vocabulary than with a real BPE one.
      options: { messageOverhead: 12 },
    });
    expect(p.breakdown.history.dropped).toBeGreaterThan(0);
    expect(p.breakdown.summaryUsed).toBe(true);
    const r = await collectChat(llm.streamChat({ messages: p.messages, maxTokens, temperature: 0, topP: 1, stop: p.stop }));
    expect(r.finish.usage.promptTokens).toBeLessThanOrEqual(p.breakdown.available);
    expect(r.finish.usage.promptTokens).toBeGreaterThan(p.breakdown.available * 0.6);
    expect(r.finish.usage.promptTokens + maxTokens).toBeLessThanOrEqual(contextSize);
    expect(r.text.length).toBeGreaterThan(0);
  });
});
