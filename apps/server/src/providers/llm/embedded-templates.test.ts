// The embedded provider (node-llama-cpp, real llama.cpp) with tiny self-made GGUFs that carry the chat templates of
// common model families (test/chat-templates.ts): each accepts the messages prompt assembly writes, in the order
// the family needs, and generates.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_FAMILIES } from '../../../test/chat-templates.ts';
import { assemblePrompt, type HistoryMessage } from '../../modules/chat/index.ts';
import { createEmbeddedProvider } from './embedded.ts';
import { collectChat } from './llm-provider.ts';
import { tinyModelPath } from '../../../test/tiny-model.ts';

const wrappers: Record<string, string> = {};
const silentLog = { info() {}, warn() {}, error() {} };

const character = {
  name: 'Mira',
  description: 'A stargazer.',
  exampleDialogue: '<START>\n{{user}}: Hi.\n{{char}}: Hello.',
  postHistoryInstructions: 'Be brief.',
  characterBook: [
    { keys: ['stars'], content: 'She knows every star.', insertionOrder: 1, enabled: true, position: 'at_depth' as const, depth: 2 },
  ],
};
const conversations: { name: string; history: HistoryMessage[] }[] = [
  {
    name: 'a message after the greeting',
    history: [
      { role: 'assistant', content: 'Hello {{user}}.' },
      { role: 'user', content: 'Hi.' },
    ],
  },
  {
    name: 'continuing a reply, after a deleted message',
    history: [
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'The stars?' },
      { role: 'user', content: 'Any?' },
      { role: 'assistant', content: 'Look up and' },
    ],
  },
];

describe.each(TEMPLATE_FAMILIES)('embedded model with the $name template', (family) => {
  it('accepts the assembled messages and replies', async () => {
    const llm = createEmbeddedProvider({
      modelPath: tinyModelPath(1, family.template),
      dataDir: os.tmpdir(),
      parallel: 1,
      threads: 1,
      contextSize: 2048,
      gpu: false,
      messageOrder: family.order,
      log: { ...silentLog, info: (o: { chatWrapper?: string }) => o.chatWrapper && (wrappers[family.name] = o.chatWrapper) },
    });
    try {
      await llm.whenReady();
      expect(llm.info()).toMatchObject({ state: 'ready', messageOrder: family.order });
      for (const c of conversations) {
        const p = assemblePrompt({
          character,
          userName: 'Sam',
          history: c.history,
          contextSize: llm.info().contextSize,
          replyBudget: 16,
          countTokens: (t) => llm.countTokens(t),
          options: { messageOrder: llm.info().messageOrder, messageOverhead: 12 },
        });
        const r = await collectChat(llm.streamChat({ messages: p.messages, maxTokens: 16, temperature: 0, topP: 1, stop: [] }));
        expect(r.finish.reason, c.name).not.toBe('abort');
        expect(r.finish.usage.promptTokens, c.name).toBeGreaterThan(0);
        expect(r.finish.usage.completionTokens, c.name).toBeGreaterThan(0);
      }
      // node-llama-cpp read the file's template: its own wrapper for a template it knows (Mistral, Gemma, DeepSeek,
      // ChatML), the template itself through Jinja otherwise (Llama 3.x, Qwen 3, Phi) — never the no-template fallback.
      expect(wrappers[family.name]).toBeDefined();
      expect(['Llama2Chat', 'General']).not.toContain(wrappers[family.name]);
    } finally {
      await llm.close();
    }
  }, 60_000);
});
