// What of a reply is read aloud, shared by the server (which speaks only stored, checked text) and the web (which
// shows what will be read). Role-play text is spoken as people expect (as SillyTavern's TTS does): markdown and
// emphasis markers are not read out; `dialogueOnly` keeps only the quoted speech; `skipActions` drops *actions*.
// No zod here: the browser's chat page imports it.

export interface SpeechTextOptions {
  /** Speak only what is inside quotes ("…", “…”, «…»). */
  dialogueOnly?: boolean;
  /** Leave out *actions in asterisks*. */
  skipActions?: boolean;
}

/** The longest piece one synthesis request gets; a longer sentence is cut at a comma or a space. */
export const MAX_SENTENCE_CHARS = 300;

const QUOTED = /"([^"\n]+)"|“([^”\n]+)”|«([^»\n]+)»/g;

function stripMarkdown(text: string): string {
  return (
    text
      // Code is not read: fences, then inline code keeps its words without the ticks.
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      .replace(/`([^`\n]*)`/g, '$1')
      // Images go, links keep their words.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      // HTML tags, headings, quotes and list bullets at a line start.
      .replace(/<[^>\n]+>/g, ' ')
      .replace(/^\s{0,3}(#{1,6}|>+|[-+*]|\d+[.)])\s+/gm, '')
      // Emphasis markers (bold, italic, strike) go; the words stay. Underscores only around words, not in snake_case.
      .replace(/(\*{1,3}|~~)/g, '')
      .replace(/(^|[\s(])_{1,3}(\S[^_\n]*?\S|\S)_{1,3}(?=[\s).,!?;:]|$)/g, '$1$2')
  );
}

/** The words of a reply that are spoken, markers removed, whitespace collapsed; '' when nothing is left to say. */
export function speakableText(text: string, options: SpeechTextOptions = {}): string {
  let t = text.replace(/\r\n?/g, '\n');
  // One asterisk marks an action; two or three are emphasis, whose words are read.
  if (options.skipActions) t = t.replace(/(?<!\*)\*(?!\*)[^*\n]+(?<!\*)\*(?!\*)/g, ' ');
  if (options.dialogueOnly) {
    const spoken: string[] = [];
    for (const m of t.matchAll(QUOTED)) spoken.push((m[1] ?? m[2] ?? m[3] ?? '').trim());
    t = spoken.filter(Boolean).join('\n');
  }
  return stripMarkdown(t)
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * A message's words on one line, markers removed: what a preview shows of it (the chats list, a notification), where
 * *actions* and markdown would print as they are.
 */
export function plainLine(text: string): string {
  return speakableText(text).replace(/\s+/g, ' ');
}

/** A piece longer than MAX_SENTENCE_CHARS cut at its last comma or space before the limit. */
function cutLong(sentence: string): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const window = rest.slice(0, MAX_SENTENCE_CHARS);
    let at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
    if (at < MAX_SENTENCE_CHARS / 3) at = window.lastIndexOf(' ');
    if (at < 1) at = MAX_SENTENCE_CHARS - 1;
    out.push(rest.slice(0, at + 1).trim());
    rest = rest.slice(at + 1).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** A sentence ends at . ! ? … (with any closing quote or bracket) followed by a space, or at a line break. */
const SENTENCE_BREAK = /(?<=[.!?…]+["'”»)\]]*)[ \t]+|\s*\n\s*/;

/** Speakable text cut at sentence ends (. ! ? … and line breaks), each piece short enough for one request. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(SENTENCE_BREAK)) {
    const s = piece.trim();
    // A piece with no letter or digit ("…", "--") has nothing to say.
    if (s && /[\p{L}\p{N}]/u.test(s)) out.push(...cutLong(s));
  }
  return out;
}

/**
 * For text still arriving: the sentences complete so far and the unfinished rest (a sentence is complete once
 * something follows its end mark).
 */
export function takeSentences(buffer: string): { sentences: string[]; rest: string } {
  const ends = ['. ', '! ', '? ', '… ', '\n', '." ', '!" ', '?" ', '.” ', '!” ', '?” ']
    .map((m) => ({ at: buffer.lastIndexOf(m), len: m.length }))
    .filter((e) => e.at >= 0)
    .map((e) => e.at + e.len - 1);
  const end = ends.length ? Math.max(...ends) : -1;
  if (end < 1) return { sentences: [], rest: buffer };
  return { sentences: splitSentences(buffer.slice(0, end)), rest: buffer.slice(end).trimStart() };
}

/** The pieces of a reply that are spoken, in order. */
export function speechPieces(text: string, options: SpeechTextOptions = {}): string[] {
  return splitSentences(speakableText(text, options));
}
