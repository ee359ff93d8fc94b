// Every relative link in README.md and docs/*.md must reach a file that exists and, with a #fragment, a heading in it,
// so moving a section between pages cannot leave a dead link behind.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const docsDir = path.join(repoRoot, 'docs');
const pages = [
  path.join(repoRoot, 'README.md'),
  ...readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(docsDir, f)),
];

/** Markdown without fenced blocks and inline code, where link-like text is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  const where = path.relative(repoRoot, file);
  for (const m of prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto: are not ours to check offline
    const [rawPath = '', fragment] = target.split('#');
    const resolved = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
    if (!existsSync(resolved)) {
      problems.push(`${where}: "${target}" points at ${path.relative(repoRoot, resolved)}, which does not exist`);
      continue;
    }
    if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md')) {
      if (!headingAnchors(readFileSync(resolved, 'utf8')).has(fragment)) {
        problems.push(`${where}: "${target}": ${path.relative(repoRoot, resolved)} has no heading with the anchor #${fragment}`);
      }
    }
  }
  return problems;
}

describe('relative links in README.md and docs/', () => {
  it('computes anchors the way GitHub does', () => {
    const anchors = headingAnchors('# Client addresses: `TRUST_PROXY`\n## A reply\n## A reply\n```\n# not a heading\n```\n');
    expect([...anchors]).toEqual(['client-addresses-trust_proxy', 'a-reply', 'a-reply-1']);
  });

  it('reports a link to a missing file or heading, and ignores code and web addresses', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-links-'));
    writeFileSync(path.join(dir, 'other.md'), '# Other\n## Streaming\n');
    const page = path.join(dir, 'page.md');
    writeFileSync(
      page,
      '[ok](other.md#streaming) [gone](missing.md) [no heading](other.md#pull-mode) [web](https://example.com/x.md)\n' +
        '`[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n',
    );
    const problems = brokenLinks(page);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/"missing\.md" points at .*missing\.md, which does not exist/);
    expect(problems[1]).toMatch(/"other\.md#pull-mode": .*other\.md has no heading with the anchor #pull-mode/);
  });

  it.each(pages.map((p) => [path.relative(repoRoot, p), p]))('%s: every relative link resolves', (_name, file) => {
    expect(brokenLinks(file), 'fix the link, or the heading it points at').toEqual([]);
  });
});

/** Citations of documents the repository does not hold ("SPEC §4", "DESIGN:"), and product.md sections that do not exist. */
function foreignCitations(text: string, where: string, sections: Set<string>): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/(?<![\w-])(SPEC|DESIGN)(?![\w-])/g))
    problems.push(`${where}: cites ${m[1]}, which is not in the repository`);
  for (const m of text.matchAll(/product\.md §(\d+)/g)) {
    if (!sections.has(m[1]!)) problems.push(`${where}: cites product.md §${m[1]}, which has no such section`);
  }
  return problems;
}

describe('citations in code and docs', () => {
  const product = readFileSync(path.join(docsDir, 'product.md'), 'utf8');
  const sections = new Set([...product.matchAll(/^## (\d+)\./gm)].map((m) => m[1]!));

  it('finds a cited foreign document and a missing product.md section', () => {
    expect(foreignCitations('// SPEC §3, UNKNOWN_SPEC, product.md §2, product.md §42', 'x.ts', sections)).toEqual([
      'x.ts: cites SPEC, which is not in the repository',
      'x.ts: cites product.md §42, which has no such section',
    ]);
  });

  it('every tracked source and doc cites only what the repository holds', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mjs', '*.js', '*.md', '*.css', '.ci/run'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && f !== 'apps/server/src/docs-links.test.ts' && existsSync(path.join(repoRoot, f)));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => foreignCitations(readFileSync(path.join(repoRoot, f), 'utf8'), f, sections));
    expect(problems, 'cite docs/product.md §N or another page under docs/').toEqual([]);
  });
});
