// Link checker: every internal link in content/ (legal pages, guides, FAQ) must lead somewhere that exists:
// an app route other than the not-found fallback, a legal page, a guide file, or a heading in the same document.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { createSlugger } from '@reverie/shared/schemas/content';
import { routes } from '@/app/router';
import { LEGAL_PAGES } from './legal-pages';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

function files(): Array<{ name: string; text: string }> {
  const out = [{ name: 'faq.md', text: readFileSync(path.join(contentDir, 'faq.md'), 'utf8') }];
  for (const dir of ['legal', 'guides']) {
    for (const f of readdirSync(path.join(contentDir, dir)).filter((x) => x.endsWith('.md'))) {
      out.push({ name: `${dir}/${f}`, text: readFileSync(path.join(contentDir, dir, f), 'utf8') });
    }
  }
  return out;
}

function withoutCode(md: string): string {
  return md.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

function anchorsOf(md: string): Set<string> {
  const slug = createSlugger();
  const ids = new Set<string>();
  for (const m of withoutCode(md).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    ids.add(
      slug(
        (m[1] ?? '')
          .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
          .replace(/[*_`~]+/g, '')
          .trim(),
      ),
    );
  }
  return ids;
}

const guideSlugs = new Set(
  readdirSync(path.join(contentDir, 'guides'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3)),
);
const legalSlugs = new Set(LEGAL_PAGES.map((p) => p.slug));

function problem(href: string, anchors: Set<string>): string | null {
  const [pathPart = '', hash] = href.split('#');
  if (!pathPart) return hash && anchors.has(hash) ? null : `no heading for #${hash}`;
  if (!pathPart.startsWith('/')) return null;
  if (pathPart.startsWith('/legal/') && !legalSlugs.has(pathPart.slice('/legal/'.length) as never)) return 'unknown legal page';
  if (pathPart.startsWith('/guides/') && !guideSlugs.has(pathPart.slice('/guides/'.length))) return 'unknown guide';
  const matches = matchRoutes(routes, pathPart) ?? [];
  const leaf = matches[matches.length - 1]?.route.path;
  if (!leaf || leaf === '*' || leaf === 'not-found') return 'no such route in the app';
  return null;
}

describe('internal links in content/', () => {
  const all = files();

  it('finds the content (every legal page, nine or more guides, the FAQ)', () => {
    expect(all.filter((f) => f.name.startsWith('legal/'))).toHaveLength(LEGAL_PAGES.length);
    expect(all.filter((f) => f.name.startsWith('guides/')).length).toBeGreaterThanOrEqual(9);
  });

  it('every internal link resolves', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const { name, text } of all) {
      const anchors = anchorsOf(text);
      for (const m of withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = m[1] ?? '';
        if (/^(https?:|mailto:)/.test(href)) continue;
        checked++;
        const why = problem(href, anchors);
        if (why) broken.push(`${name}: ${href} (${why})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('the checker itself catches broken links', () => {
    const anchors = new Set(['your-rights']);
    expect(problem('/legal/made-up', anchors)).toBe('unknown legal page');
    expect(problem('/guides/made-up', anchors)).toBe('unknown guide');
    expect(problem('/no/such/page', anchors)).toBe('no such route in the app');
    expect(problem('#missing', anchors)).toBe('no heading for #missing');
    expect(problem('/settings', anchors)).toBeNull();
    expect(problem('#your-rights', anchors)).toBeNull();
  });
});
