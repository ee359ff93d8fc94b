// Assembled prompts rendered through the real chat templates of common model families (test/chat-templates.ts)
// with @huggingface/jinja, as llama.cpp (--jinja), vLLM and node-llama-cpp render them: every case renders without the
// template's raise_exception, and the rendered text holds the system prompt, the turns and the post-history
// instructions in order.
import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import { arrangeMessages, CONVERSATION_OPENER, type MessageOrder } from '../../../providers/llm/message-order.ts';
import { TEMPLATE_FAMILIES, type TemplateFamily } from '../../../../test/chat-templates.ts';
import { assemblePrompt, type AssembleInput, type HistoryMessage, type PromptCharacter } from './index.ts';

const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

const mira: PromptCharacter = {
  name: 'Mira',
  description: '{{char}} keeps the lighthouse on Gull Island and talks to {{user}} about the stars.',
  personality: 'warm, teasing, curious',
  scenario: '{{user}} arrives at the lighthouse during a storm.',
  exampleDialogue: '<START>\n{{user}}: Hello?\n{{char}}: *lifts the lantern* Come in, quickly.',
  postHistoryInstructions: 'Reply as {{char}} in one or two paragraphs.',
};
const GREETING = '*The lamp swings in the wind.* Who is out there, {{user}}?';
const POST = '[Reply as Mira in one or two paragraphs.]';
const SYSTEM_START = 'This is a fictional roleplay chat between Mira and Sam.';

const u = (content: string): HistoryMessage => ({ role: 'user', content });
const a = (content: string): HistoryMessage => ({ role: 'assistant', content });

interface Case {
  name: string;
  input: Partial<AssembleInput>;
  /** Texts that must appear in the system prompt (wherever the template puts it). */
  system?: string[];
  /** Texts that must appear in this order after the system prompt's start. */
  inOrder?: string[];
}

const longHistory: HistoryMessage[] = [
  a(GREETING),
  ...Array.from({ length: 40 }, (_, i) =>
    i % 2 ? a(`Reply ${i}: the storm howls around the tower.`) : u(`Question ${i}: what is that light?`),
  ),
  u('And the last question: will it stop?'),
];

const CASES: Case[] = [
  {
    name: 'greeting only',
    input: { history: [a(GREETING), u('Hello? Can I come in?')] },
    inOrder: ['Who is out there, Sam?', 'Can I come in?', POST],
  },
  {
    name: 'long history, trimmed to the context with the memory summary',
    input: { history: longHistory, contextSize: 700, replyBudget: 150, memory: { summary: 'Sam came in from the storm.' } },
    system: ['Summary of the story so far', 'Sam came in from the storm.'],
    inOrder: ['Question 38', 'Reply 39', 'will it stop?', POST],
  },
  {
    name: 'an edited and a deleted message (two user turns and two assistant turns in a row)',
    input: {
      history: [a(GREETING), u('Hello?'), a('Come in.'), a('*She closes the door.*'), u('Thank you, I mean it.'), u('Edited: it is cold.')],
    },
    inOrder: ['Hello?', 'Come in.', 'She closes the door.', 'Thank you, I mean it.', 'Edited: it is cold.', POST],
  },
  {
    name: 'continue a cut-off reply',
    input: { history: [a(GREETING), u('Hello?'), a('Come in.'), u('What is up there?'), a('*She points at the lamp and')] },
    inOrder: ['Hello?', 'Come in.', 'What is up there?', POST, 'She points at the lamp and'],
  },
  { name: 'continue the greeting', input: { history: [a(GREETING)] }, inOrder: [CONVERSATION_OPENER, POST, 'Who is out there, Sam?'] },
  {
    name: 'regenerate (the last reply left out, its message last)',
    input: { history: [a(GREETING), u('Hello?'), a('Come in.'), u('Tell me about the stars.')] },
    inOrder: ['Hello?', 'Come in.', 'Tell me about the stars.', POST],
  },
  {
    name: 'pinned memory',
    input: { history: [a(GREETING), u('Hi.')], memory: { pinnedFacts: ["{{user}}'s name is Sam, he is a pilot."] } },
    system: ['Facts to remember:', "Sam's name is Sam, he is a pilot."],
    inOrder: ['Hi.', POST],
  },
  {
    name: 'lorebook at depth',
    input: {
      character: {
        ...mira,
        characterBook: [
          { keys: ['lamp'], content: 'The lamp was lit by her mother.', insertionOrder: 1, enabled: true, position: 'at_depth', depth: 2 },
        ],
      },
      history: [a(GREETING), u('Hello?'), a('Come in, mind the lamp.'), u('Is it old?')],
    },
    // Two messages from the end: with one system message it opens the next user turn.
    inOrder: ['Hello?', 'Come in, mind the lamp.', '[The lamp was lit by her mother.]\n\nIs it old?', POST],
  },
  {
    name: 'post-history instructions and example dialogue',
    input: { history: [a(GREETING), u('Hello?')] },
    system: ['Example exchanges showing how Mira writes', 'Sam: Hello?\nMira: *lifts the lantern* Come in, quickly.'],
    inOrder: ['Who is out there, Sam?', 'Hello?', POST],
  },
];

function assemble(c: Case, order: MessageOrder) {
  return assemblePrompt({
    character: mira,
    userName: 'Sam',
    history: [],
    contextSize: 4096,
    replyBudget: 300,
    countTokens: words,
    ...c.input,
    options: { messageOrder: order, ...c.input.options },
  });
}

function render(f: TemplateFamily, messages: ChatMessage[]): string {
  return new Template(f.template).render({
    messages,
    bos_token: f.bos,
    eos_token: f.eos,
    // Servers render a trailing assistant message without a generation prompt and continue it (prefill).
    add_generation_prompt: messages.at(-1)?.role !== 'assistant',
  });
}

/** Each piece occurs after the previous one. */
function expectInOrder(text: string, pieces: string[]) {
  let at = 0;
  for (const piece of pieces) {
    const i = text.indexOf(piece, at);
    expect(i, `"${piece}" after position ${at} in:\n${text}`).toBeGreaterThanOrEqual(0);
    at = i + piece.length;
  }
}

describe.each(TEMPLATE_FAMILIES)('$name chat template', (family) => {
  it.each(CASES)('renders $name', (c) => {
    const { messages } = assemble(c, family.order);
    const text = render(family, messages);
    const last = messages.at(-1)!;
    const continuing = last.role === 'assistant';
    const systemPieces = [SYSTEM_START, 'About Mira:', ...(c.system ?? [])];
    if (family.system === 'before-last-user' && continuing) {
      // Mistral Nemo's template shows the system prompt only with a final user turn (docs/configuration.md).
      expect(text).not.toContain('About Mira:');
      expectInOrder(text, c.inOrder ?? []);
    } else if (family.system === 'before-last-user') {
      // Mistral Nemo: the system prompt opens the final user turn.
      const inLast = (piece: string) => last.content.includes(piece);
      const pieces = c.inOrder ?? [];
      expectInOrder(text, [...pieces.filter((p) => !inLast(p)), ...systemPieces, ...pieces.filter(inLast)]);
      expect(text).toContain(`[INST]${messages[0]!.content}\n\n${last.content}[/INST]`);
    } else {
      expectInOrder(text, [...systemPieces, ...(c.inOrder ?? [])]);
    }
    // The system prompt is there once, and no note is left as a system message of its own.
    expect(text.split(SYSTEM_START)).toHaveLength(continuing && family.system === 'before-last-user' ? 1 : 2);
    expect(messages.filter((m) => m.role === 'system').length).toBeLessThanOrEqual(1);
    if (continuing) expect(text.trimEnd().endsWith(family.eos) || text.includes(last.content.trim())).toBe(true);
    else expect(text.endsWith(family.generationPrompt)).toBe(true);
  });
});

describe('why the order matters (the templates are the real thing)', () => {
  const family = (name: string) => TEMPLATE_FAMILIES.find((f) => f.name.startsWith(name))!;
  const greetingFirst = CASES[0]!;

  it('the old order (greeting after the system message, post-history as a trailing system message) breaks strict templates', () => {
    const old = assemble(greetingFirst, 'any').messages;
    expect(old.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'system']);
    expect(() => render(family('Mistral Nemo'), old)).toThrow(/roles must alternate/);
    expect(() => render(family('Gemma 3'), old)).toThrow(/roles must alternate/);
    expect(() => render(family('Gemma 2'), old)).toThrow(/System role not supported/);
    // DeepSeek-R1 distills keep only the last system message: the character sheet would be gone.
    const deepseek = render(family('DeepSeek'), old);
    expect(deepseek).not.toContain('About Mira:');
    expect(deepseek.startsWith('<｜begin▁of▁sentence｜>Reply as Mira')).toBe(true);
    // Qwen 3 needs a user turn: continuing the greeting alone had none.
    expect(() => render(family('Qwen 3'), assemble(CASES[4]!, 'any').messages)).toThrow(/No user query/);
  });

  it('Gemma 2 has no system role: strict keeps one and fails, strict-no-system folds it into the first user turn', () => {
    expect(() => render(family('Gemma 2'), assemble(greetingFirst, 'strict').messages)).toThrow(/System role not supported/);
    const text = render(family('Gemma 2'), assemble(greetingFirst, 'strict-no-system').messages);
    expect(text.startsWith(`<bos><start_of_turn>user\n${SYSTEM_START}`)).toBe(true);
  });

  it('arranging is idempotent, so both the prompt assembly and the providers may apply it', () => {
    for (const c of CASES) {
      for (const order of ['strict', 'strict-no-system'] as const) {
        const once = assemble(c, order).messages;
        expect(arrangeMessages(once, order)).toEqual(once);
      }
    }
  });
});
