// Small, dependency-free readers for the content files: front matter, headings, words.
import { createSlugger, type TocEntry } from '@reverie/shared/schemas/content';

export type FrontMatterValue = string | number | string[] | { [key: string]: string | number };

export interface ParsedFile {
  data: Record<string, FrontMatterValue>;
  body: string;
}

function scalar(raw: string): string | number {
  const v = raw.trim();
  if (/^".*"$/.test(v)) return JSON.parse(v) as string;
  if (/^'.*'$/.test(v)) return v.slice(1, -1).replaceAll("''", "'");
  if (/^-?\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * Front matter between `---` lines, in the YAML subset the content uses: `key: value`, `key: [a, b]`,
 * and one level of nesting (`key:` followed by two-space-indented `sub: value` lines).
 */
export function parseFrontMatter(source: string, file: string): ParsedFile {
  const text = source.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) throw new Error(`${file}: missing front matter (--- … ---) at the top`);
  const data: Record<string, FrontMatterValue> = {};
  let nested: { [key: string]: string | number } | undefined;
  for (const [i, line] of (match[1] ?? '').split('\n').entries()) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const kv = /^( {2})?([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) throw new Error(`${file}: front matter line ${i + 2} is not "key: value"`);
    const [, indent, key = '', value = ''] = kv;
    if (indent) {
      if (!nested) throw new Error(`${file}: front matter line ${i + 2} is indented but belongs to no key`);
      nested[key] = scalar(value);
    } else if (value === '') {
      nested = {};
      data[key] = nested;
    } else {
      nested = undefined;
      const list = /^\[(.*)\]$/.exec(value.trim());
      data[key] = list
        ? (list[1] ?? '')
            .split(',')
            .map((s) => String(scalar(s)))
            .filter(Boolean)
        : scalar(value);
    }
  }
  return { data, body: text.slice(match[0].length) };
}

/** Inline markdown reduced to its visible text (links keep their words, emphasis and code marks go). */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .trim();
}

/** Lines outside fenced code blocks, so that a `#` in code is not taken for a heading. */
function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const f = /^\s*(```|~~~)/.exec(line);
    if (f) {
      fence = fence === f[1] ? undefined : (fence ?? f[1]);
      continue;
    }
    if (!fence) out.push(line);
  }
  return out;
}

/** Sections (##) and subsections (###) with the same anchors the browser gives the headings. */
export function tableOfContents(markdown: string): TocEntry[] {
  const slug = createSlugger();
  const toc: TocEntry[] = [];
  for (const line of proseLines(markdown)) {
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const depth = m[1]?.length ?? 0;
    const text = plainInline(m[2] ?? '');
    // Every heading takes its anchor in document order (h1 and h4 too), as in the browser.
    const id = slug(text);
    if (depth === 2 || depth === 3) toc.push({ depth, text, id });
  }
  return toc;
}

/** Words a reader reads: markup, link targets and table rules do not count. */
export function countWords(markdown: string): number {
  const text = proseLines(markdown)
    .join('\n')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`|[\]-]+/g, ' ');
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
}

/** Minutes at 220 words a minute, never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}
