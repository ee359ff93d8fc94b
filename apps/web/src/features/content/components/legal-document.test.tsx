import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { LegalDocumentView } from './legal-document';

const doc = (unsetFacts: string[]) => ({
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary: 'What we keep and why.',
  updatedAt: '2026-11-22',
  wordCount: 3,
  readingMinutes: 1,
  markdown: '## Who we are\n\nReverie is operated by [set OPERATOR_NAME].',
  toc: [{ depth: 2, text: 'Who we are', id: 'who-we-are' }],
  unsetFacts,
});

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <LegalDocumentView slug="privacy-policy" notFound={<p>missing</p>} />
    </MemoryRouter>,
  );

describe('LegalDocumentView', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('says which operator variables are unset when the server reports them', async () => {
    mockApi({ 'GET /api/legal/privacy-policy': () => json(doc(['OPERATOR_NAME', 'PRIVACY_EMAIL'])) });
    render();
    const banner = await screen.findByTestId('unset-facts-banner');
    expect(banner.textContent).toContain('no value for OPERATOR_NAME and PRIVACY_EMAIL');
  });

  it('shows no banner when every fact is set', async () => {
    mockApi({ 'GET /api/legal/privacy-policy': () => json(doc([])) });
    render();
    await screen.findByRole('heading', { name: 'Who we are' });
    expect(screen.queryByTestId('unset-facts-banner')).toBeNull();
  });
});
