import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_CHARS, plainLine, speakableText, speechPieces, splitSentences, takeSentences } from './speech-text.ts';

describe('speakableText', () => {
  it('drops markdown and emphasis markers but keeps the words', () => {
    expect(speakableText('# Title\n**Bold** and _soft_ words, `code` and [a link](http://x.y).\n- item')).toBe(
      'Title\nBold and soft words, code and a link.\nitem',
    );
    expect(speakableText('a snake_case_name stays')).toBe('a snake_case_name stays');
    expect(speakableText('```js\nlet x = 1;\n```\nAfter.')).toBe('After.');
  });

  it('skips *actions* when asked, reads their words otherwise', () => {
    const t = '*smiles warmly* "Hello there." *waves* How are you?';
    expect(speakableText(t)).toBe('smiles warmly "Hello there." waves How are you?');
    expect(speakableText(t, { skipActions: true })).toBe('"Hello there." How are you?');
  });

  it('speaks only the quoted dialogue when asked', () => {
    const t = '*She leans in.* "Come closer," she says. “It is late.” «Bonne nuit»';
    expect(speakableText(t, { dialogueOnly: true })).toBe('Come closer,\nIt is late.\nBonne nuit');
    expect(speakableText('*nods silently*', { dialogueOnly: true })).toBe('');
  });
});

describe('splitSentences', () => {
  it('cuts at sentence ends and line breaks, keeping quotes with their sentence', () => {
    expect(splitSentences('Hello there. How are you? "Fine!" she said… Good\nNext line')).toEqual([
      'Hello there.',
      'How are you?',
      '"Fine!"',
      'she said…',
      'Good',
      'Next line',
    ]);
    expect(splitSentences('3.5 is a number. ... --')).toEqual(['3.5 is a number.']);
  });

  it('cuts a very long sentence into pieces no longer than the limit', () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ') + '.';
    const pieces = splitSentences(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(pieces.join(' ')).toBe(long);
  });
});

describe('takeSentences (streamed text)', () => {
  it('hands out complete sentences and keeps the unfinished rest', () => {
    expect(takeSentences('Hello there. How are')).toEqual({ sentences: ['Hello there.'], rest: 'How are' });
    expect(takeSentences('No end yet')).toEqual({ sentences: [], rest: 'No end yet' });
    expect(takeSentences('One. Two! Thr')).toEqual({ sentences: ['One.', 'Two!'], rest: 'Thr' });
  });
});

describe('speechPieces', () => {
  it('is the speakable text in sentences', () => {
    expect(speechPieces('*grins* "Ready? Let us go." **Now.**', { skipActions: true })).toEqual(['"Ready?', 'Let us go."', 'Now.']);
  });
});

describe('plainLine', () => {
  it('keeps the words of a message on one line, without markers', () => {
    expect(plainLine('*She trims the wick.*\n\n> The light **held**.\n- all night')).toBe('She trims the wick. The light held. all night');
    expect(plainLine('```\ncode\n```')).toBe('');
  });
});
