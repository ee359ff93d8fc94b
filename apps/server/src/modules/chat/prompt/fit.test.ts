// Fitting a prompt to the model's count: the count decides, what was learnt from an earlier prompt is only a start.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import { PromptTooLongError } from './assemble.ts';
import { fitPrompt } from './fit.ts';
import type { AssembleInput } from './types.ts';

/** A model whose tokenizer is nearly one token per character (as the tiny test GGUF's is), plus a template. */
function charModel(templateTokens = 40) {
  let bytesPerToken = 3;
  return {
    countPrompt: async (messages: readonly ChatMessage[]) => messages.reduce((n, m) => n + m.content.length + 4, 0) + templateTokens,
    countTokens: (t: string) => Math.ceil(Buffer.byteLength(t) / bytesPerToken),
    /** What openai.ts does after a reply's prompt_tokens: the estimate learns the server's ratio. */
    calibrate: () => {
      bytesPerToken = 1;
    },
  };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');

function input(model: ReturnType<typeof charModel>, history: AssembleInput['history']): AssembleInput {
  return {
    // The instructions (with the AI-honesty line every prompt carries) and this sheet fill about a third of the room.
    character: { name: 'Mira', description: words(40), personality: 'Calm.' },
    userName: 'Sam',
    history,
    contextSize: 1024,
    replyBudget: 200,
    countTokens: (t) => model.countTokens(t),
  };
}

describe('fitPrompt', () => {
  it('fits a prompt that the count says fits, even after the estimate and the learnt reserve both moved', async () => {
    const model = charModel();
    const first = await fitPrompt(model, input(model, [{ role: 'user', content: 'Hello there, what do you see?' }]));
    expect(first.counted).toBeLessThanOrEqual(824);
    // The first reply taught the estimate the server's ratio: the parts now count three times what they did, and the
    // reserve learnt from the first prompt (count less the old estimate) would count the same error twice.
    model.calibrate();
    const history: AssembleInput['history'] = [
      { role: 'user', content: 'Hello there, what do you see?' },
      { role: 'assistant', content: words(60) },
      { role: 'user', content: 'And what about the river?' },
    ];
    const second = await fitPrompt(model, input(model, history));
    expect(second.counted).toBeLessThanOrEqual(824);
    expect(second.prompt.messages.at(-1)?.content).toContain('river');
  });

  it('counts only the first prompt and those near the limit: a prompt well inside the room costs no round trip', async () => {
    const model = charModel();
    model.calibrate(); // the estimate knows the server's ratio (after a first reply): the template is what it lacks
    let counts = 0;
    const counting = { ...model, countPrompt: (m: readonly ChatMessage[]) => (counts++, model.countPrompt(m)) };
    const short = [{ role: 'user' as const, content: 'Hello there, what do you see?' }];
    const roomy = (history: AssembleInput['history']) => ({ ...input(model, history), contextSize: 4096 });
    expect((await fitPrompt(counting, roomy(short))).counted).toBeGreaterThan(0);
    expect(counts).toBe(1);
    const again = await fitPrompt(counting, roomy([...short, { role: 'assistant', content: 'A river.' }, ...short]));
    expect(again.counted).toBeUndefined();
    expect(counts).toBe(1);
    // Near the limit (the history fills most of the room), the prompt is counted again before it is sent.
    const long = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content: words(60) }));
    const near = await fitPrompt(counting, input(model, long));
    expect(counts).toBeGreaterThan(1);
    expect(near.counted).toBeLessThanOrEqual(824);
  });

  it('refuses, as the model counts it, what cannot fit', async () => {
    const model = charModel(700);
    await expect(fitPrompt(model, input(model, [{ role: 'user', content: 'Hi' }]))).rejects.toBeInstanceOf(PromptTooLongError);
  });
});
