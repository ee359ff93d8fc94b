// A group reply's prompt, per speaker, rendered through the real chat templates (test/chat-templates.ts): every
// message labelled with its speaker, the other characters' lines on the user side so the turns still alternate.
import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_FAMILIES } from '../../../test/chat-templates.ts';
import type { ChatMessage } from '../../providers/llm/llm-provider.ts';
import type { ChatCharacter } from '../chat/index.ts';
import type { ChatMessageRow } from '../chat/index.ts';
import { assemblePrompt } from '../chat/index.ts';
import { groupCard, groupHistory, otherNames, type GroupPromptInput } from './group-prompt.ts';

let seq = 0;
const character = (id: string, name: string, extra: Partial<ChatCharacter> = {}) =>
  ({
    id,
    name,
    tagline: '',
    description: `${name} is a sailor.`,
    personality: '',
    scenario: 'A one-to-one scene.',
    exampleDialogue: '',
    systemPrompt: '',
    postHistoryInstructions: '',
    characterBook: null,
    ...extra,
  }) as unknown as ChatCharacter;
const msg = (role: 'user' | 'assistant', content: string, speakerId: string | null = null): ChatMessageRow =>
  ({ id: `m${++seq}`, role, content, speakerId, status: 'complete' }) as ChatMessageRow;

const alice = character('a', 'Alice', {
  characterBook: { entries: [{ keys: ['lighthouse'], content: 'The lighthouse is haunted.' }] } as ChatCharacter['characterBook'],
});
const bob = character('b', 'Bob', {
  characterBook: { entries: [{ keys: ['harbour'], content: 'The harbour froze last winter.' }] } as ChatCharacter['characterBook'],
});
const cara = character('c', 'Cara');
const names = new Map([
  ['a', 'Alice'],
  ['b', 'Bob'],
  ['c', 'Cara'],
  ['gone', 'Dmitri'],
]);
const input = (speaker: ChatCharacter): GroupPromptInput => ({
  speaker,
  members: [alice, bob, cara],
  names,
  scenario: 'A storm at the harbour.',
  userName: 'Sam',
});

// Newest first, as the pipeline reads them: three characters and a former member talk, two of them in a row.
const newest = [
  msg('assistant', 'The lighthouse is dark tonight.', 'c'),
  msg('assistant', 'Aye, the harbour is quiet.', 'b'),
  msg('assistant', 'I left the group, but I was here.', 'gone'),
  msg('user', 'What do you all see?'),
  msg('assistant', 'Welcome aboard.', 'a'),
];

function assemble(speaker: ChatCharacter, order: 'strict' | 'strict-no-system', kind: 'send' | 'regenerate' = 'send') {
  const i = input(speaker);
  const prompt = assemblePrompt({
    character: groupCard(i),
    userName: 'Sam',
    history: groupHistory(i, newest, kind, undefined, kind === 'send' ? 'Bob, tell me more.' : undefined, 50),
    contextSize: 4096,
    replyBudget: 300,
    countTokens: (t) => t.split(/\s+/).length,
    options: { messageOrder: order },
  });
  prompt.stop.push(...otherNames(i).map((n) => `\n${n}:`));
  return prompt;
}

function render(order: ChatMessage[], f: (typeof TEMPLATE_FAMILIES)[number]) {
  return new Template(f.template).render({ messages: order, bos_token: f.bos, eos_token: f.eos, add_generation_prompt: true });
}

describe('a group reply prompt', () => {
  it("is the speaker's card with the group's scenario and cast, every member's lorebook and labelled history", () => {
    const { messages, stop } = assemble(bob, 'strict');
    const system = messages[0]!.content;
    expect(system).toContain('Bob is a sailor.');
    expect(system).not.toContain('Alice is a sailor.');
    expect(system).toContain('Scenario: A storm at the harbour.');
    expect(system).not.toContain('A one-to-one scene.');
    expect(system).toContain('This is a group chat between Sam, Bob, Alice, Cara. Write only Bob');
    // Alice's lorebook entry is triggered by Cara's line, Bob's own by his.
    expect(system).toContain('The lighthouse is haunted.');
    expect(system).toContain('The harbour froze last winter.');
    // Bob's lines are his turns; everyone else's are user-side, labelled (a former member keeps their name).
    expect(messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Bob: Aye, the harbour is quiet.']);
    const userSide = messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    for (const line of [
      'Alice: Welcome aboard.',
      'Sam: What do you all see?',
      'Dmitri: I left the group',
      'Cara: The lighthouse is dark',
      'Sam: Bob, tell me more.',
    ])
      expect(userSide).toContain(line);
    expect(stop).toEqual(expect.arrayContaining(['\nSam:', '\nAlice:', '\nCara:']));
    expect(stop).not.toContain('\nBob:');
  });

  it('differs per speaker: for Alice, only her greeting line is an assistant turn', () => {
    const { messages } = assemble(alice, 'strict');
    expect(messages[0]!.content).toContain('Alice is a sailor.');
    expect(messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Alice: Welcome aboard.']);
  });

  describe.each(TEMPLATE_FAMILIES)('$name template', (family) => {
    it.each([
      ['Alice', alice],
      ['Bob', bob],
      ['Cara', cara],
    ] as const)('renders strictly alternating turns for %s, with a new message and without one', (_n, speaker) => {
      for (const kind of ['send', 'regenerate'] as const) {
        const { messages } = assemble(speaker, family.order === 'strict-no-system' ? 'strict-no-system' : 'strict', kind);
        const turns = messages.filter((m) => m.role !== 'system');
        turns.forEach((m, i) => expect(m.role).toBe(i % 2 === 0 ? 'user' : 'assistant'));
        expect(turns.at(-1)!.role).toBe('user');
        const text = render(messages, family);
        expect(text).toContain('Cara: The lighthouse is dark tonight.');
        expect(text.endsWith(family.generationPrompt)).toBe(true);
      }
    });
  });
});
