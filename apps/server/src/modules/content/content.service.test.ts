import { mkdtemp, mkdir, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOperatorFacts } from './content.config.ts';
import { ContentService, DEFAULT_CONTENT_DIR, parseFaq, substituteFacts } from './content.service.ts';
import { countWords, parseFrontMatter, readingMinutes, tableOfContents } from './markdown.ts';

const facts = loadOperatorFacts({}, 'http://localhost:8080');

describe('operator facts', () => {
  it('renders unset facts as a visible reminder, never an invented company', () => {
    expect(facts.OPERATOR_NAME).toBe('[set OPERATOR_NAME]');
    expect(facts.DMCA_AGENT).toBe('[set DMCA_AGENT]');
    expect(facts.PRIVACY_EMAIL).toBe('[set OPERATOR_EMAIL]');
  });

  it('uses the configured values, with the privacy and DMCA mailboxes falling back to the general one', () => {
    const f = loadOperatorFacts({ OPERATOR_EMAIL: 'help@example.org', DMCA_EMAIL: 'dmca@example.org' }, 'https://x.example/');
    expect(f).toMatchObject({
      OPERATOR_EMAIL: 'help@example.org',
      PRIVACY_EMAIL: 'help@example.org',
      DMCA_EMAIL: 'dmca@example.org',
      PUBLIC_URL: 'https://x.example',
    });
  });

  it('refuses control characters in a fact', () => {
    expect(() => loadOperatorFacts({ OPERATOR_NAME: 'Evil\u0007Corp' }, 'http://x')).toThrow(
      /OPERATOR_NAME: must not contain control characters/,
    );
  });

  it('refuses an unknown placeholder instead of printing it', () => {
    expect(() => substituteFacts('Hello {{OPERATOR_NAME}} and {{CEO_NAME}}', facts, 'x.md')).toThrow(
      'x.md: unknown placeholder {{CEO_NAME}}',
    );
    expect(substituteFacts('{{char}} meets {{user}}', facts, 'x.md')).toBe('{{char}} meets {{user}}');
  });
});

describe('markdown helpers', () => {
  it('reads front matter with lists and one level of nesting', () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: "A: B"\nrelated: [a, b-c]\ncover:\n  motif: book\n  hue: 30\n---\n# Body\n',
      'f.md',
    );
    expect(data).toEqual({ title: 'A: B', related: ['a', 'b-c'], cover: { motif: 'book', hue: 30 } });
    expect(body).toBe('# Body\n');
    expect(() => parseFrontMatter('# no front matter', 'g.md')).toThrow('g.md: missing front matter');
  });

  it('builds a table of contents with unique anchors and ignores headings inside code', () => {
    const md = '## Overview\ntext\n### The *first* [part](/x)\n```\n## not a heading\n```\n## Overview\n#### deep\n## Ünïcode café\n';
    expect(tableOfContents(md)).toEqual([
      { depth: 2, text: 'Overview', id: 'overview' },
      { depth: 3, text: 'The first part', id: 'the-first-part' },
      { depth: 2, text: 'Overview', id: 'overview-2' },
      { depth: 2, text: 'Ünïcode café', id: 'unicode-cafe' },
    ]);
  });

  it('counts words a reader reads and rounds reading time, never below a minute', () => {
    expect(countWords('## Title here\n\nOne [two](/three) **four** `five` | six |\n|---|\n')).toBe(7);
    expect(readingMinutes(10)).toBe(1);
    expect(readingMinutes(1100)).toBe(5);
  });

  it('parses FAQ groups and rejects a question without an answer', () => {
    const groups = ['accounts', 'chat', 'images', 'coins-and-memberships', 'safety', 'creators'];
    const ok = groups.map((g) => `## ${g} {#${g}}\n### Why ${g}?\nBecause.\n`).join('\n');
    expect(parseFaq(ok, 'faq.md').map((g) => g.items[0]?.id)).toEqual(groups.map((g) => `why-${g}`));
    expect(() => parseFaq(ok.replace('Because.', ''), 'faq.md')).toThrow('the question "Why accounts?" has no answer');
    expect(() => parseFaq('## Accounts {#accounts}\n### Q?\nA.\n', 'faq.md')).toThrow(/FAQ groups must be/);
  });
});

describe('ContentService.load', () => {
  async function copyContent(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'rv-content-'));
    await cp(DEFAULT_CONTENT_DIR, dir, { recursive: true });
    return dir;
  }

  it('fails at start, naming the file, when a legal page is missing or a guide relates to an unknown guide', async () => {
    const dir = await copyContent();
    await writeFile(
      path.join(dir, 'guides', 'extra.md'),
      '---\ntitle: Extra guide\nsummary: A guide that points to a guide that does not exist.\ncategory: Test\norder: 50\nupdatedAt: 2026-01-01\nrelated: [ghost]\ncover:\n  motif: book\n  hue: 10\n  accent: 20\n  alt: A book.\n---\n## Hi\n',
    );
    await expect(ContentService.load({ operator: facts, dir })).rejects.toThrow('content: guide extra relates to unknown guide "ghost"');
    const empty = await mkdtemp(path.join(tmpdir(), 'rv-content-'));
    await mkdir(path.join(empty, 'legal'));
    await expect(ContentService.load({ operator: facts, dir: empty })).rejects.toThrow(/the legal page community-guidelines is missing/);
  });

  it('fails on a guide with an unknown cover motif', async () => {
    const dir = await copyContent();
    const file = path.join(dir, 'guides', 'lorebooks.md');
    const { readFile } = await import('node:fs/promises');
    await writeFile(file, (await readFile(file, 'utf8')).replace('motif: book', 'motif: dragon'));
    await expect(ContentService.load({ operator: facts, dir })).rejects.toThrow(/lorebooks\.md: front matter cover\.motif/);
  });

  it('prints the unset reminders in the published pages when nothing is configured', async () => {
    const content = await ContentService.load({ operator: facts });
    expect(content.legalPage('dmca-notice')?.markdown).toContain('**Agent**: [set DMCA_AGENT]');
    expect(content.legalPage('terms')?.markdown).toContain('[set GOVERNING_LAW]');
  });
});
