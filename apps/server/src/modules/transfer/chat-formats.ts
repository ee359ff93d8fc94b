// Conversations in and out as files. SillyTavern's chat format is JSON Lines: a header line (`user_name`,
// `character_name`, `create_date`, `chat_metadata`), then one line per message (`name`, `is_user`, `send_date`,
// `mes`, `swipes`, `swipe_id`, `extra`). Also Markdown and plain text for reading. Pure functions: no database.
import { CARD_BOUNDS, LONE_SURROGATE } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import { runInTurns, runToEnd } from '../../lib/turns.ts';

export const CHAT_LIMITS = CARD_BOUNDS.chat;

export interface ChatFileMessage {
  isUser: boolean;
  /** Who wrote it: a user message's persona or a group reply's member (none recorded: the file's `userName` or `characterName`). */
  name?: string;
  /** The shown text (for a reply with swipes: the chosen swipe). */
  text: string;
  /** Every alternative of a reply (empty for a message without swipes). */
  swipes: string[];
  swipeIndex: number;
  sentAt: Date;
  /** A user's message that expressed a crisis: the key of the resources the chat showed with it (a country, `*`: general). */
  crisisCard?: string;
}

export interface ChatFile {
  userName: string;
  characterName: string;
  createdAt: Date;
  messages: ChatFileMessage[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * SillyTavern's humanized date ("June 1, 2024 10:00am"), which its own files use for `send_date`. The month's name
 * from a table: `toLocaleString` builds an Intl formatter on every call, ~0.15 ms each, which made a 400-message
 * conversation's export hold the event loop ~60 ms (#47.4).
 */
function humanDate(d: Date): string {
  const month = MONTHS[d.getUTCMonth()]!;
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const min = String(d.getUTCMinutes()).padStart(2, '0');
  return `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${hour12}:${min}${h < 12 ? 'am' : 'pm'}`;
}

/** The header's `create_date` as SillyTavern writes it ("2024-6-1@10h05m09s"). */
function fileDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}@${p(d.getUTCHours())}h${p(d.getUTCMinutes())}m${p(d.getUTCSeconds())}s`;
}

/** Who wrote a message: the persona it was written as or a group chat's member, else the file's user or character. */
const speaker = (chat: ChatFile, m: ChatFileMessage) => m.name ?? (m.isUser ? chat.userName : chat.characterName);

export function toJsonl(chat: ChatFile): string {
  const header = {
    user_name: chat.userName,
    character_name: chat.characterName,
    create_date: fileDate(chat.createdAt),
    chat_metadata: {},
  };
  const lines = chat.messages.map((m) => {
    const line: Record<string, unknown> = {
      name: speaker(chat, m),
      is_user: m.isUser,
      is_system: false,
      send_date: humanDate(m.sentAt),
      mes: m.text,
      // SillyTavern keeps what it does not know in `extra`: the crisis card shown with the message goes there.
      extra: m.crisisCard ? { crisis_resources: m.crisisCard } : {},
    };
    if (m.swipes.length > 0) {
      line.swipes = m.swipes;
      line.swipe_id = m.swipeIndex;
    }
    return JSON.stringify(line);
  });
  return `${[JSON.stringify(header), ...lines].join('\n')}\n`;
}

export function toMarkdown(chat: ChatFile): string {
  const parts = [`# ${chat.characterName} and ${chat.userName}`, '', `_Started ${chat.createdAt.toISOString().slice(0, 10)}_`, ''];
  for (const m of chat.messages) {
    parts.push(`**${speaker(chat, m)}** · ${m.sentAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`, '', m.text, '');
  }
  return `${parts.join('\n')}`;
}

export function toPlainText(chat: ChatFile): string {
  const parts = [`${chat.characterName} and ${chat.userName}, started ${chat.createdAt.toISOString().slice(0, 10)}`, ''];
  for (const m of chat.messages) parts.push(`${speaker(chat, m)}: ${m.text}`, '');
  return parts.join('\n');
}

const bad = (message: string) => new AppError(400, 'BAD_REQUEST', message, { details: { rule: 'chat-file', field: 'file' } });

/** A readable SillyTavern group chat: a 422 (the file is fine, this import takes one character's chat) that says what to do. */
function groupChat(speakers: string[]): AppError {
  const named = `${speakers.slice(0, 5).join(', ')}${speakers.length > 5 ? ', …' : ''}`;
  return AppError.unprocessable(
    `This is a SillyTavern group chat (${speakers.length} speakers: ${named}). Group chats cannot be imported yet: import a one-to-one chat with one of these characters instead, or start a group with them here.`,
    { rule: 'group_chat', field: 'file' },
  );
}

/** The names of the non-user speakers of these lines, in order of first appearance. */
const speakersOf = (lines: Array<Record<string, unknown>>) => [
  ...new Set(lines.filter((l) => l.is_user !== true && l.is_system !== true && typeof l.name === 'string').map((l) => l.name as string)),
];
const nf = (n: number) => n.toLocaleString('en-US');

/** The dates a chat may carry (the database takes more, but nothing real is outside these). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const inRange = (d: Date) => !Number.isNaN(d.getTime()) && d.getTime() >= EARLIEST && d.getTime() < LATEST;

/** A date as SillyTavern writes it (humanized, ISO or a number), or `fallback`; `bad` counts dates out of range. */
function readDate(value: unknown, fallback: Date, bad?: { count: number }): Date {
  const d = parseDate(value);
  if (d === undefined) return fallback;
  if (inRange(d)) return d;
  if (bad) bad.count++;
  return fallback;
}

function parseDate(value: unknown): Date | undefined {
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const file = /^(\d{4})-(\d{1,2})-(\d{1,2})\s*@(\d{1,2})h\s*(\d{1,2})m\s*(\d{1,2})s/.exec(value.trim());
  if (file) {
    const [, y, mo, d, h, mi, s] = file.map(Number) as number[];
    return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  }
  const human = /^([A-Za-z]+) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}) ?(am|pm)$/i.exec(value.trim());
  if (human) {
    const [, month, day, year, hour, minute, ampm] = human;
    const h = (Number(hour) % 12) + (ampm!.toLowerCase() === 'pm' ? 12 : 0);
    const d = new Date(`${month} ${day}, ${year} ${String(h).padStart(2, '0')}:${minute}:00 UTC`);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date(value);
}

/**
 * The crisis card a person's message was shown with, as the export writes it (`extra.crisis_resources`): a string
 * only, and only on a person's line. Whether it names a list of the resources is the importer's to check.
 */
function crisisCardOf(line: Record<string, unknown>, isUser: boolean): { crisisCard?: string } {
  const extra = line.extra;
  if (!isUser || typeof extra !== 'object' || extra === null || Array.isArray(extra)) return {};
  const card = (extra as Record<string, unknown>).crisis_resources;
  return typeof card === 'string' ? { crisisCard: card } : {};
}

// eslint-disable-next-line no-control-regex -- NUL and the other C0/C1 controls (not tab and line breaks) are refused
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Reads a SillyTavern JSONL chat. Bounded (file size, lines, characters per message, swipes per message); every
 * problem is said in words with its line number. System and hidden lines (`is_system`) are skipped.
 */
export type ParsedChat = ChatFile & { skipped: number; badDates: number };

export function parseJsonl(bytes: Buffer, now = new Date()): ParsedChat {
  return runToEnd(parsing(bytes, now));
}

/** parseJsonl for a large file (up to 16 MB): the same answer, the event loop given a turn every few ms (#47.4). */
export function parseJsonlInTurns(bytes: Buffer, now = new Date()): Promise<ParsedChat> {
  return runInTurns(parsing(bytes, now));
}

/**
 * The file's non-blank lines, decoded one at a time (a newline byte is never inside a UTF-8 sequence, so this is the
 * whole file's strict decoding), without a leading byte-order mark.
 */
function* textLines(bytes: Buffer): Generator<void, string[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const lines: string[] = [];
  let start = 0;
  while (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
  while (start < bytes.length) {
    yield;
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline;
    let line: string;
    try {
      line = decoder.decode(bytes.subarray(start, end));
    } catch {
      throw bad('The chat file is not UTF-8 text. Export the chat again from SillyTavern as .jsonl.');
    }
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() !== '') lines.push(line);
    start = end + 1;
  }
  return lines;
}

/** parseJsonl's steps, yielding between lines. */
function* parsing(bytes: Buffer, now: Date): Generator<void, ParsedChat> {
  if (bytes.length > CHAT_LIMITS.fileBytes) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The chat file is too large: the limit is ${CHAT_LIMITS.fileBytes / (1024 * 1024)} MB.`);
  }
  const lines = yield* textLines(bytes);
  if (lines.length === 0) throw bad('The chat file is empty.');
  if (lines.length > CHAT_LIMITS.lines) throw bad(`The chat file has ${nf(lines.length)} lines; the limit is ${nf(CHAT_LIMITS.lines)}.`);
  const parsed: Record<string, unknown>[] = [];
  for (const [i, line] of lines.entries()) {
    yield;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      parsed.push(value as Record<string, unknown>);
    } catch {
      throw bad(
        `Line ${i + 1} of the chat file is not a JSON object. A SillyTavern chat (.jsonl) has one JSON object per line; export the chat again.`,
      );
    }
  }
  const header = parsed[0]!;
  if (!('user_name' in header) && !('character_name' in header) && !('chat_metadata' in header)) {
    const speakers = speakersOf(parsed);
    if (speakers.length > 1 && parsed.every((l) => typeof l.mes === 'string')) throw groupChat(speakers);
    throw bad('The chat file has no SillyTavern header line (user_name, character_name, chat_metadata). Export the chat again as .jsonl.');
  }
  // A group chat's header (metadata only) names no character, and its replies come from several.
  if (typeof header.character_name !== 'string') {
    const speakers = speakersOf(parsed.slice(1));
    if (speakers.length > 1) throw groupChat(speakers);
  }
  const messages: ChatFileMessage[] = [];
  let skipped = 0;
  const badDates = { count: 0 };
  let last = readDate(header.create_date, now, badDates);
  for (const [i, line] of parsed.slice(1).entries()) {
    yield;
    const at = `Message ${i + 1} (line ${i + 2})`;
    if (line.is_system === true) {
      skipped++;
      continue;
    }
    if (typeof line.mes !== 'string') throw bad(`${at} has no text ("mes").`);
    const swipes = line.swipes === undefined || line.swipes === null ? [] : line.swipes;
    if (!Array.isArray(swipes) || swipes.some((s) => typeof s !== 'string')) throw bad(`${at} has swipes that are not a list of texts.`);
    if (swipes.length > CHAT_LIMITS.swipes) throw bad(`${at} has ${swipes.length} swipes; the limit is ${CHAT_LIMITS.swipes}.`);
    for (const t of [line.mes, ...(swipes as string[])]) {
      if (t.length > CHAT_LIMITS.messageChars)
        throw bad(`${at} is ${nf(t.length)} characters long; the limit is ${nf(CHAT_LIMITS.messageChars)}.`);
      if (CONTROL.test(t)) throw bad(`${at} contains control characters.`);
      if (LONE_SURROGATE.test(t)) throw bad(`${at} contains a broken character (half of a UTF-16 pair); remove it and import again.`);
    }
    const isUser = line.is_user === true;
    const swipeId = typeof line.swipe_id === 'number' && Number.isInteger(line.swipe_id) ? line.swipe_id : 0;
    const list = isUser ? [] : (swipes as string[]);
    const index = list.length > 0 ? Math.min(Math.max(swipeId, 0), list.length - 1) : 0;
    last = readDate(line.send_date, last, badDates);
    const text = list.length > 0 ? list[index]! : line.mes;
    messages.push({ isUser, text, swipes: list, swipeIndex: index, sentAt: last, ...crisisCardOf(line, isUser) });
  }
  if (messages.length === 0) throw bad('The chat file has no messages.');
  return {
    userName: typeof header.user_name === 'string' ? header.user_name : 'You',
    characterName: typeof header.character_name === 'string' ? header.character_name : '',
    createdAt: readDate(header.create_date, messages[0]!.sentAt),
    messages,
    skipped,
    badDates: badDates.count,
  };
}
