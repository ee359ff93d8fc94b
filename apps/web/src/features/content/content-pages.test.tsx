import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { apiError, json, mockApi, resetClientState } from '@/test/helpers';
import { GuideArticle } from './components/guide-article';
import { GuidesList } from './components/guides-list';
import { LegalIndex } from './components/legal-index';
import { LEGAL_PAGES } from './legal-pages';

function renderPage(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const legalItems = LEGAL_PAGES.map((p) => ({
  slug: p.slug,
  title: p.title,
  summary: `What the ${p.title} says, in one line.`,
  updatedAt: '2026-11-22',
  wordCount: 900,
  readingMinutes: 4,
}));

const cover = { motif: 'book', hue: 30, accent: 40, alt: 'An open book.' };
const guide = (slug: string, title: string) => ({
  slug,
  title,
  summary: `All about ${title}.`,
  category: 'Creating',
  updatedAt: '2026-11-22',
  wordCount: 800,
  readingMinutes: 4,
  cover,
  coverUrl: `/api/guides/${slug}/cover.svg`,
});

beforeEach(() => resetClientState());
afterEach(() => vi.unstubAllGlobals());

describe('legal index', () => {
  it('shows the error with a retry that recovers, then every legal page with its summary', async () => {
    let fail = true;
    mockApi({ 'GET /api/legal': () => (fail ? apiError(503, 'The server is starting up') : json({ items: legalItems })) });
    renderPage(<LegalIndex />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Couldn't load the legal pages");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('What the Cookie Policy says, in one line.', {}, { timeout: 5000 });
    expect(screen.getAllByRole('link', { name: /min read/ })).toHaveLength(LEGAL_PAGES.length);
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/legal/privacy-policy');
  });
});

describe('guides', () => {
  it('lists guides as cards and filters the FAQ as you type, with an empty state', async () => {
    mockApi({
      'GET /api/guides': () => json({ items: [guide('lorebooks', 'Lorebooks'), guide('getting-started', 'Getting started')] }),
      'GET /api/faq': () =>
        json({
          groups: [
            { id: 'accounts', title: 'Accounts', items: [{ id: 'q1', question: 'How do I sign up?', answer: 'Choose **Sign Up**.' }] },
            { id: 'images', title: 'Images', items: [{ id: 'q2', question: 'Who sees my pictures?', answer: 'Only you.' }] },
          ],
        }),
    });
    renderPage(<GuidesList />);
    const card = await screen.findByRole('link', { name: /Lorebooks/ }, { timeout: 5000 });
    expect(card.getAttribute('href')).toBe('/guides/lorebooks');
    expect(within(card).getByRole('img', { name: 'An open book.' }).getAttribute('src')).toBe('/api/guides/lorebooks/cover.svg');
    await screen.findByText('How do I sign up?', {}, { timeout: 5000 });
    const search = screen.getByRole('searchbox', { name: 'Search the FAQ' });
    await userEvent.type(search, 'pictures');
    expect(screen.queryByText('How do I sign up?')).toBeNull();
    expect(screen.getByText('Who sees my pictures?')).toBeInstanceOf(HTMLElement);
    await userEvent.clear(search);
    await userEvent.type(search, 'dragons');
    expect(screen.getByText(/No questions match/).textContent).toContain('dragons');
  });

  it('an unknown guide renders the not-found page; a malformed slug is not even requested', async () => {
    const { callsTo } = mockApi({ 'GET /api/guides/ghost': () => apiError(404, 'Guide not found') });
    const { unmount } = renderPage(<GuideArticle slug="ghost" notFound={<h1>Page not found</h1>} />);
    await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 });
    unmount();
    renderPage(<GuideArticle slug="../../etc" notFound={<h1>Page not found</h1>} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInstanceOf(HTMLHeadingElement);
    expect(callsTo('GET /api/guides/../../etc')).toHaveLength(0);
    expect(callsTo('GET /api/guides/ghost')).toHaveLength(1);
  });
});
