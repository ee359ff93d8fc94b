import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SafeMarkdown, classifyHref } from './components/markdown';

function renderMd(md: string) {
  return render(
    <MemoryRouter>
      <SafeMarkdown>{md}</SafeMarkdown>
    </MemoryRouter>,
  );
}

describe('SafeMarkdown', () => {
  it('renders HTML and script in the source inert: no elements, no handlers, no script URLs', () => {
    const { container } = renderMd(
      [
        '# Title',
        '<script>window.__pwned = true</script>',
        '<img src="x" onerror="window.__pwned = true">',
        '<iframe src="https://evil.example"></iframe>',
        'Inline <b onclick="window.__pwned = true">bold?</b> text.',
        '[click me](javascript:window.__pwned=true) and [data](data:text/html;base64,PHNjcmlwdD4=)',
        '![remote](https://tracker.example/pixel.png)',
        '<a href="javascript:alert(1)">raw link</a>',
      ].join('\n\n'),
    );
    expect(container.querySelector('script, iframe, img, b')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript:|data:text/i);
    // The link text survives as text, but it is not a link.
    expect(screen.getByText('click me').closest('a')).toBeNull();
    expect(screen.getByText('data').closest('a')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('gives headings the same anchors as the server table of contents, unique in document order', () => {
    renderMd('## Your rights\n\ntext\n\n### How to *use* them\n\n## Your rights\n\n## Ünïcode café');
    expect(screen.getByRole('heading', { level: 3, name: 'How to use them' }).id).toBe('how-to-use-them');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.id)).toEqual(['your-rights', 'your-rights-2', 'unicode-cafe']);
    expect(screen.getByRole('heading', { level: 3 }).id).toBe('how-to-use-them');
  });

  it('routes in-app links in place, opens http links in a new tab without referrer, renders GFM tables', () => {
    renderMd(
      'See [the terms](/legal/terms-of-service), [jump](#your-rights) or [Stripe](https://stripe.com).\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(screen.getByRole('link', { name: 'the terms' }).getAttribute('href')).toBe('/legal/terms-of-service');
    expect(screen.getByRole('link', { name: 'jump' }).getAttribute('href')).toBe('#your-rights');
    const ext = screen.getByRole('link', { name: 'Stripe' });
    expect(ext.getAttribute('target')).toBe('_blank');
    expect(ext.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByRole('table')).toBeInstanceOf(HTMLTableElement);
  });

  it('classifies link targets', () => {
    expect(classifyHref('/guides/lorebooks')).toBe('internal');
    expect(classifyHref('//evil.example/x')).toBe('blocked');
    expect(classifyHref('#top')).toBe('anchor');
    expect(classifyHref('mailto:help@example.org')).toBe('external');
    expect(classifyHref('JavaScript:alert(1)')).toBe('blocked');
    expect(classifyHref(undefined)).toBe('blocked');
  });
});
