// Content (legal pages, guides, FAQ): the shapes served by /api/legal, /api/guides and /api/faq.
import { z } from 'zod';

export { LEGAL_SLUGS } from '../constants.ts';
import type { LEGAL_SLUGS } from '../constants.ts';
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** Lower-case words joined by single hyphens: the only shape a content slug may have. */
export const ContentSlug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'must be lower-case letters, digits and single hyphens' });

export const SlugParam = z.object({ slug: ContentSlug });

export const TocEntry = z.object({
  /** 2 for a section (##), 3 for a subsection (###). */
  depth: z.union([z.literal(2), z.literal(3)]),
  text: z.string(),
  /** The anchor: the heading's `id` in the rendered page. */
  id: z.string(),
});
export type TocEntry = z.infer<typeof TocEntry>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const LegalSummary = z
  .object({
    slug: ContentSlug,
    title: z.string(),
    summary: z.string(),
    updatedAt: isoDate,
    wordCount: z.number().int(),
    readingMinutes: z.number().int(),
  })
  .meta({ id: 'LegalSummary' });
export type LegalSummary = z.infer<typeof LegalSummary>;

export const LegalIndexResponse = z.object({ items: z.array(LegalSummary) }).meta({ id: 'LegalIndexResponse' });
export type LegalIndexResponse = z.infer<typeof LegalIndexResponse>;

/** product.md §7: `{ title, updatedAt, markdown }`, plus what the page needs for its table of contents. */
export const LegalDocument = LegalSummary.extend({
  markdown: z.string(),
  toc: z.array(TocEntry),
  /** Operator variables this page prints that the server has not been given (never in production, which refuses to start). */
  unsetFacts: z.array(z.string()),
}).meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof LegalDocument>;

export const COVER_MOTIFS = ['sparkle', 'quill', 'bubbles', 'book', 'waves', 'frame', 'coins', 'shield', 'cards'] as const;

/** How a guide's cover is drawn: a motif and two hues. The SVG is generated from this, deterministically. */
export const CoverDescriptor = z.object({
  motif: z.enum(COVER_MOTIFS),
  hue: z.number().int().min(0).max(359),
  accent: z.number().int().min(0).max(359),
  /** Words for screen readers describing the picture. */
  alt: z.string().min(1).max(200),
});
export type CoverDescriptor = z.infer<typeof CoverDescriptor>;

export const GuideSummary = z
  .object({
    slug: ContentSlug,
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    updatedAt: isoDate,
    wordCount: z.number().int(),
    readingMinutes: z.number().int(),
    cover: CoverDescriptor,
    coverUrl: z.string(),
  })
  .meta({ id: 'GuideSummary' });
export type GuideSummary = z.infer<typeof GuideSummary>;

export const GuidesResponse = z.object({ items: z.array(GuideSummary) }).meta({ id: 'GuidesResponse' });
export type GuidesResponse = z.infer<typeof GuidesResponse>;

export const GuideDocument = GuideSummary.extend({
  markdown: z.string(),
  toc: z.array(TocEntry),
  related: z.array(GuideSummary),
}).meta({ id: 'GuideDocument' });
export type GuideDocument = z.infer<typeof GuideDocument>;

export const FaqItem = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof FaqItem>;

export const FAQ_GROUPS = ['accounts', 'chat', 'images', 'coins-and-memberships', 'safety', 'creators'] as const;

export const FaqGroup = z.object({ id: z.enum(FAQ_GROUPS), title: z.string(), items: z.array(FaqItem) });
export type FaqGroup = z.infer<typeof FaqGroup>;

export const FaqResponse = z.object({ groups: z.array(FaqGroup) }).meta({ id: 'FaqResponse' });
export type FaqResponse = z.infer<typeof FaqResponse>;

/**
 * The anchor of a heading, shared by the server (table of contents) and the browser (heading ids), so both agree:
 * lower-case, letters and digits kept (any script), everything else collapsed to single hyphens.
 */
export function headingSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Unique anchors in document order: the second "Overview" becomes "overview-2". */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = headingSlug(text);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}
