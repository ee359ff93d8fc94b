import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMetaDescription, META_DESCRIPTION_MAX, useMetaDescription } from './document-title';

const SITE = 'Reverie — chat with AI characters. Adults only (18+).';
const meta = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function Described({ text }: { text: string | undefined }) {
  useMetaDescription(text);
  return null;
}

describe('useMetaDescription', () => {
  beforeEach(() => {
    const el = document.createElement('meta');
    el.name = 'description';
    el.content = SITE;
    document.head.append(el);
  });
  afterEach(() => document.head.querySelector('meta[name="description"]')?.remove());

  it("sets the page's own description while it is shown and puts the site's back when it goes", () => {
    const { rerender, unmount } = render(<Described text={undefined} />);
    expect(meta()).toBe(SITE);
    rerender(<Described text={'Chat with Mira on Reverie.\n\nA *lighthouse* keeper.'} />);
    expect(meta()).toBe('Chat with Mira on Reverie. A lighthouse keeper.');
    unmount();
    expect(meta()).toBe(SITE);
  });

  it('cuts a long text at a word, within the limit', () => {
    const long = formatMetaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(long).toMatch(/word…$/);
  });
});
