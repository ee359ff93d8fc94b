import { CardError, type CardFieldIssue } from './errors.ts';
import type { CardLimits } from './limits.ts';
import type { CardCharacter } from './types.ts';

const nf = (n: number) => n.toLocaleString('en-US');

/** C0 controls other than tab, newline and carriage return, DEL and the C1 controls (as the app's text fields refuse them). */
function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** Depth of nested objects/arrays, walked without recursion so that a deeply nested file cannot overflow the stack. */
function depthOf(value: unknown, max: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, d);
    if (deepest > max) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

class Checker {
  readonly issues: CardFieldIssue[] = [];
  constructor(private readonly limits: CardLimits['fields'] & Pick<CardLimits, 'maxJsonBytes'>) {}

  text(field: string, value: string | undefined, max: number) {
    if (value === undefined) return;
    if (value.length > max)
      this.issues.push({ field, message: `${field} is ${nf(value.length)} characters long; the limit is ${nf(max)}.` });
    else if (hasControlCharacters(value)) this.issues.push({ field, message: `${field} contains control characters.` });
  }

  list(field: string, values: string[] | undefined, maxItems: number, maxLength: number) {
    if (!values) return;
    if (values.length > maxItems)
      this.issues.push({ field, message: `${field} has ${nf(values.length)} items; the limit is ${nf(maxItems)}.` });
    values.forEach((v, i) => this.text(`${field}[${i}]`, v, maxLength));
  }

  json(field: string, value: unknown) {
    if (value === undefined) return;
    if (depthOf(value, this.limits.extensionsDepth) > this.limits.extensionsDepth) {
      this.issues.push({ field, message: `${field} is nested more than ${this.limits.extensionsDepth} levels deep.` });
      return;
    }
    const size = Buffer.byteLength(JSON.stringify(value));
    if (size > this.limits.extensionsBytes) {
      this.issues.push({ field, message: `${field} is ${nf(size)} bytes; the limit is ${nf(this.limits.extensionsBytes)}.` });
    }
  }
}

/** Throws INVALID_FIELDS listing every field that is missing, too long or holds control characters. */
export function validateCard(card: CardCharacter, limits: CardLimits): void {
  const f = limits.fields;
  const c = new Checker({ ...f, maxJsonBytes: limits.maxJsonBytes });
  if (card.name.trim() === '') c.issues.push({ field: 'name', message: 'The card has no name.' });
  c.text('name', card.name, f.name);
  c.text('nickname', card.nickname, f.nickname);
  c.text('tagline', card.tagline, f.tagline);
  c.text('description', card.description, f.description);
  c.text('personality', card.personality, f.personality);
  c.text('scenario', card.scenario, f.scenario);
  c.text('firstMes', card.firstMes, f.firstMes);
  c.list('alternateGreetings', card.alternateGreetings, f.greetings, f.firstMes);
  c.list('groupOnlyGreetings', card.groupOnlyGreetings, f.greetings, f.firstMes);
  c.text('mesExample', card.mesExample, f.mesExample);
  c.text('systemPrompt', card.systemPrompt, f.systemPrompt);
  c.text('postHistoryInstructions', card.postHistoryInstructions, f.postHistoryInstructions);
  c.text('creatorNotes', card.creatorNotes, f.creatorNotes);
  if (card.creatorNotesMultilingual) {
    const langs = Object.entries(card.creatorNotesMultilingual);
    if (langs.length > f.languages)
      c.issues.push({
        field: 'creatorNotesMultilingual',
        message: `creatorNotesMultilingual has ${langs.length} languages; the limit is ${f.languages}.`,
      });
    for (const [lang, text] of langs) {
      c.text(`creatorNotesMultilingual.${lang.slice(0, 10)}`, lang, 10);
      c.text(`creatorNotesMultilingual.${lang.slice(0, 10)}`, text, f.creatorNotes);
    }
  }
  c.list('tags', card.tags, f.tags, f.tagLength);
  c.text('creator', card.creator, f.creator);
  c.text('characterVersion', card.characterVersion, f.characterVersion);
  c.list('source', card.source, f.sources, f.sourceLength);
  c.json('extensions', card.extensions);
  c.json('unknownFields', card.unknownFields);
  if (card.assets) {
    if (card.assets.length > f.assets)
      c.issues.push({ field: 'assets', message: `assets has ${card.assets.length} items; the limit is ${f.assets}.` });
    card.assets.forEach((a, i) => {
      c.text(`assets[${i}].uri`, a.uri, f.assetText);
      c.text(`assets[${i}].name`, a.name, f.assetText);
      c.text(`assets[${i}].type`, a.type, f.assetText);
      c.text(`assets[${i}].ext`, a.ext, f.assetText);
    });
    c.json('assets', card.assets);
  }
  const book = card.characterBook;
  if (book) {
    c.text('characterBook.name', book.name, f.bookText);
    c.text('characterBook.description', book.description, f.bookText);
    c.json('characterBook.extensions', book.extensions);
    if (book.entries.length > f.bookEntries) {
      c.issues.push({
        field: 'characterBook.entries',
        message: `The lorebook has ${nf(book.entries.length)} entries; the limit is ${nf(f.bookEntries)}.`,
      });
    } else {
      book.entries.forEach((e, i) => {
        const p = `characterBook.entries[${i}]`;
        c.text(`${p}.content`, e.content, f.entryContent);
        c.list(`${p}.keys`, e.keys, f.entryKeys, f.keyLength);
        c.list(`${p}.secondary_keys`, e.secondary_keys, f.entryKeys, f.keyLength);
        c.text(`${p}.name`, e.name, f.bookText);
        c.text(`${p}.comment`, e.comment, f.bookText);
        c.json(p, e);
      });
    }
  }
  // Measured only once every part is known to be shallow and bounded (a deep object would overflow the stack).
  const total = c.issues.length === 0 ? JSON.stringify(card).length : 0;
  if (total > limits.maxTotalChars)
    c.issues.push({ field: 'card', message: `The card holds ${nf(total)} characters of text; the limit is ${nf(limits.maxTotalChars)}.` });
  if (c.issues.length > 0) {
    const shown = c.issues.slice(0, 5).map((i) => i.message);
    const more = c.issues.length > 5 ? ` (and ${c.issues.length - 5} more)` : '';
    throw new CardError('INVALID_FIELDS', `The card cannot be imported: ${shown.join(' ')}${more}`, c.issues);
  }
}
