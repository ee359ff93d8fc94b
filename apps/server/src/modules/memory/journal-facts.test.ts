// The journal writer's reading of the model's answer: one fact a line, cited messages, duplicates and junk left out.
import { describe, expect, it } from 'vitest';
import { readFacts, sameFact } from './journal-facts.ts';

const shown = [
  { id: 'm1', content: 'My sister Ana moved to Porto last winter.' },
  { id: 'm2', content: 'How lovely, Porto is beautiful.' },
  { id: 'm3', content: 'I started sailing lessons on Sundays.' },
];

describe('readFacts', () => {
  it('takes one fact a line without bullets, numbers or quotes, linked to the messages it cites', () => {
    const answer = '- Your sister Ana lives in Porto. [1, 2]\n2) "You take sailing lessons on Sundays." [3]\n\n';
    expect(readFacts(answer, shown, [])).toEqual([
      { text: 'Your sister Ana lives in Porto.', messageIds: ['m1', 'm2'] },
      { text: 'You take sailing lessons on Sundays.', messageIds: ['m3'] },
    ]);
  });

  it('links a fact citing nothing it can use to the messages sharing its longer words', () => {
    expect(readFacts('You take sailing lessons every Sunday. [7]', shown, [])[0]!.messageIds).toEqual(['m3']);
    expect(readFacts('You like tea.', shown, [])[0]!.messageIds).toEqual([]);
  });

  it('skips what the journal or the answer already holds, "none", and lines too long to keep', () => {
    const answer = [
      'YOUR SISTER ANA LIVES IN PORTO!',
      'None',
      'Nothing new.',
      `You ${'really '.repeat(60)}like boats.`,
      'You like tea. [2]',
      'You like tea.',
    ].join('\n');
    expect(readFacts(answer, shown, ['Your sister Ana lives in Porto.'])).toEqual([{ text: 'You like tea.', messageIds: ['m2'] }]);
  });

  it('stops at the bound it is given', () => {
    expect(readFacts('You like tea.\nYou like coffee and cake.\nYou hate rain on Mondays.', shown, [], 2)).toHaveLength(2);
  });
});

describe('sameFact', () => {
  it('matches the same words whatever the case and punctuation, or nearly all of them', () => {
    expect(sameFact('You adopted a cat named Miso in March.', 'you adopted a cat named Miso in March')).toBe(true);
    expect(sameFact('You adopted a cat named Miso in March.', 'You adopted a cat named Miso in early March.')).toBe(true);
    expect(sameFact('You adopted a cat named Miso.', 'You adopted a dog named Biscuit.')).toBe(false);
    expect(sameFact('', 'anything')).toBe(false);
  });
});
