// Legal pages, guides and the FAQ: Markdown files in `content/`, read and checked once at start, then served
// from memory. A malformed file stops the server with a message naming the file, rather than a broken page.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ContentSlug,
  CoverDescriptor,
  FAQ_GROUPS,
  LEGAL_SLUGS,
  createSlugger,
  type FaqGroup,
  type FaqResponse,
  type GuideDocument,
  type GuideSummary,
  type LegalDocument,
  type LegalSummary,
} from '@reverie/shared/schemas/content';
import type { OperatorFacts } from './content.config.ts';
import { countWords, parseFrontMatter, plainInline, readingMinutes, tableOfContents } from './markdown.ts';
import { renderCoverSvg } from './cover.ts';

export const DEFAULT_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

/** Short names the product spec (docs/product.md §7) uses for the two documents every client asks for. */
export const LEGAL_ALIASES: Record<string, string> = { terms: 'terms-of-service', privacy: 'privacy-policy' };

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date like 2026-11-22' });
const LegalFront = z.object({ title: z.string().min(3).max(120), summary: z.string().min(20).max(300), updatedAt: date });
const GuideFront = z.object({
  title: z.string().min(3).max(120),
  summary: z.string().min(20).max(300),
  category: z.string().min(2).max(40),
  /** Position on /guides (the first is featured). */
  order: z.number().int().min(0).max(999),
  updatedAt: date,
  related: z.array(ContentSlug).min(1).max(4),
  cover: z.object({ motif: z.string(), hue: z.number(), accent: z.number(), alt: z.string() }).pipe(CoverDescriptor),
});

function check<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: front matter ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Replaces `{{OPERATOR_NAME}}`-style placeholders; an unknown placeholder is a content error, not silent text. */
export function substituteFacts(markdown: string, facts: OperatorFacts, file: string): string {
  return markdown.replace(/\{\{\s*([A-Z_]+)\s*\}\}/g, (_, key: string) => {
    if (!(key in facts)) throw new Error(`${file}: unknown placeholder {{${key}}}`);
    return facts[key as keyof OperatorFacts];
  });
}

interface Guide extends GuideSummary {
  markdown: string;
  toc: GuideDocument['toc'];
  related: string[];
}

export interface ContentServiceOptions {
  operator: OperatorFacts;
  /** Operator variables that are unset (config.unsetOperatorFacts): each legal page lists those it prints. */
  unsetFacts?: string[];
  dir?: string;
}

export class ContentService {
  private constructor(
    private readonly legal: Map<string, LegalDocument>,
    private readonly guides: Map<string, Guide>,
    private readonly faqGroups: FaqGroup[],
    private readonly covers: Map<string, string>,
  ) {}

  static async load({ operator, unsetFacts = [], dir = DEFAULT_CONTENT_DIR }: ContentServiceOptions): Promise<ContentService> {
    const legal = new Map<string, LegalDocument>();
    for (const slug of LEGAL_SLUGS) {
      const file = path.join(dir, 'legal', `${slug}.md`);
      const source = await readFile(file, 'utf8').catch(() => {
        throw new Error(`content: the legal page ${slug} is missing (${file})`);
      });
      const { data, body } = parseFrontMatter(source, file);
      const front = check(LegalFront, data, file);
      const markdown = substituteFacts(body, operator, file).trim() + '\n';
      const words = countWords(markdown);
      // An unset fact shows as "[set X]"; an unset PUBLIC_URL as the localhost address it defaults to.
      const unset = unsetFacts.filter((k) =>
        k === 'PUBLIC_URL' ? /\{\{\s*PUBLIC_URL\s*\}\}/.test(body) : markdown.includes(`[set ${k}]`),
      );
      legal.set(slug, {
        slug,
        ...front,
        markdown,
        unsetFacts: unset,
        toc: tableOfContents(markdown),
        wordCount: words,
        readingMinutes: readingMinutes(words),
      });
    }

    const unordered = new Map<string, Guide>();
    const orders = new Map<string, number>();
    const covers = new Map<string, string>();
    const guideDir = path.join(dir, 'guides');
    for (const name of (await readdir(guideDir)).filter((f) => f.endsWith('.md')).sort()) {
      const file = path.join(guideDir, name);
      const slug = check(ContentSlug, name.slice(0, -3), file);
      const { data, body } = parseFrontMatter(await readFile(file, 'utf8'), file);
      const front = check(GuideFront, data, file);
      const markdown = substituteFacts(body, operator, file).trim() + '\n';
      const words = countWords(markdown);
      const { order, ...rest } = front;
      orders.set(slug, order);
      unordered.set(slug, {
        slug,
        ...rest,
        coverUrl: `/api/guides/${slug}/cover.svg`,
        markdown,
        toc: tableOfContents(markdown),
        wordCount: words,
        readingMinutes: readingMinutes(words),
      });
      covers.set(slug, renderCoverSvg(slug, front.cover));
    }
    const guides = new Map(
      [...unordered].sort(([a, ga], [b, gb]) => (orders.get(a) ?? 0) - (orders.get(b) ?? 0) || ga.title.localeCompare(gb.title)),
    );
    for (const guide of guides.values()) {
      for (const other of guide.related) {
        if (other === guide.slug || !guides.has(other)) throw new Error(`content: guide ${guide.slug} relates to unknown guide "${other}"`);
      }
    }

    const faqFile = path.join(dir, 'faq.md');
    const faqGroups = parseFaq(substituteFacts(await readFile(faqFile, 'utf8'), operator, faqFile), faqFile);
    return new ContentService(legal, guides, faqGroups, covers);
  }

  legalIndex(): LegalSummary[] {
    return [...this.legal.values()].map(({ markdown: _m, toc: _t, unsetFacts: _u, ...summary }) => summary);
  }

  /** A legal page by slug or product-spec alias (`terms`, `privacy`); undefined when unknown. */
  legalPage(slugOrAlias: string): LegalDocument | undefined {
    return this.legal.get(LEGAL_ALIASES[slugOrAlias] ?? slugOrAlias);
  }

  guideList(): GuideSummary[] {
    return [...this.guides.values()].map((g) => this.summary(g));
  }

  guide(slug: string): GuideDocument | undefined {
    const g = this.guides.get(slug);
    if (!g) return undefined;
    return {
      ...this.summary(g),
      markdown: g.markdown,
      toc: g.toc,
      related: g.related.map((s) => this.summary(this.guides.get(s)!)),
    };
  }

  coverSvg(slug: string): string | undefined {
    return this.covers.get(slug);
  }

  faq(): FaqResponse {
    return { groups: this.faqGroups };
  }

  private summary(g: Guide): GuideSummary {
    const { markdown: _m, toc: _t, related: _r, ...summary } = g;
    return summary;
  }
}

/**
 * `faq.md`: each `## Group title {#group-id}` holds `### Question` headings, each followed by its answer in Markdown.
 * Every group of FAQ_GROUPS must be present, in that order, and hold at least one question.
 */
export function parseFaq(source: string, file: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const slug = createSlugger();
  let group: FaqGroup | undefined;
  let item: { id: string; question: string; lines: string[] } | undefined;
  const closeItem = () => {
    if (!item) return;
    const answer = item.lines.join('\n').trim();
    if (!answer) throw new Error(`${file}: the question "${item.question}" has no answer`);
    group?.items.push({ id: item.id, question: item.question, answer });
    item = undefined;
  };
  for (const line of source.replaceAll('\r\n', '\n').split('\n')) {
    const g = /^##\s+(.+?)\s*\{#([a-z-]+)\}\s*$/.exec(line);
    if (g) {
      closeItem();
      const id = g[2] as FaqGroup['id'];
      if (!FAQ_GROUPS.includes(id)) throw new Error(`${file}: unknown FAQ group "${id}"`);
      group = { id, title: plainInline(g[1] ?? ''), items: [] };
      groups.push(group);
      continue;
    }
    if (/^##\s/.test(line)) throw new Error(`${file}: FAQ group heading needs an id: "${line}"`);
    const q = /^###\s+(.+?)\s*$/.exec(line);
    if (q) {
      closeItem();
      if (!group) throw new Error(`${file}: question before the first group`);
      const question = plainInline(q[1] ?? '');
      item = { id: slug(question), question, lines: [] };
      continue;
    }
    if (item) item.lines.push(line);
  }
  closeItem();
  const ids = groups.map((x) => x.id).join(',');
  if (ids !== FAQ_GROUPS.join(',')) throw new Error(`${file}: FAQ groups must be ${FAQ_GROUPS.join(', ')} in that order (found ${ids})`);
  for (const x of groups) if (x.items.length === 0) throw new Error(`${file}: FAQ group "${x.id}" has no questions`);
  return groups;
}
