// A notification about a reply shows its opening words as plain text: what the panel and a phone would otherwise print
// as it is (role-play asterisks, markdown, line breaks) does not show, and a long reply is cut at a word.
import { expect, it } from 'vitest';
import { EXCERPT_RECORDED, notificationText } from './notifications.text.ts';

const body = (excerpt: string | null) => notificationText('character_message', { characterName: 'Juniper', excerpt }, 1).body;

it('shows a reply without its role-play markers, on one line', () => {
  expect(body('*She trims the wick.* The light held all night.')).toBe('She trims the wick. The light held all night.');
  expect(body('**Morning.**\n\n> The tide turned\nwithout _you_.')).toBe('Morning. The tide turned without you.');
  expect(notificationText('reply_ready', { characterName: 'Juniper', excerpt: '*nods*  "Yes."' }, 1)).toEqual({
    title: 'Juniper replied',
    body: 'nods "Yes."',
  });
});

it('cuts a long reply at a word, with an ellipsis, from what an event records', () => {
  const reply = '*She laughs.* ' + 'The lamp room smells of brass and salt water tonight. '.repeat(10);
  const shown = body(reply.slice(0, EXCERPT_RECORDED))!;
  expect(shown.startsWith('She laughs. The lamp room smells of brass')).toBe(true);
  expect(shown.endsWith('…')).toBe(true);
  expect(shown.length).toBeLessThanOrEqual(141);
  expect(reply.includes(shown.slice(-12, -1))).toBe(true); // ends on a whole word of the reply
  expect(shown).not.toMatch(/[\s.,]…$/);
});

it('has no body when nothing readable is left', () => {
  expect(body('')).toBeNull();
  expect(body('** **')).toBeNull();
  expect(body(null)).toBeNull();
});
