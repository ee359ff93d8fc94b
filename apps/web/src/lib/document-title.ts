import { useEffect } from 'react';
import { PRODUCT_NAME } from '@reverie/shared/constants';

/** "Settings" → "Settings · Reverie"; the bare product name when there is no page title. */
export function formatDocumentTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the browser tab's title while the calling page is shown; `undefined` (still loading) leaves it as it is. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = formatDocumentTitle(title);
  }, [title]);
}

/** At most this many characters in a page's meta description (what search results show). */
export const META_DESCRIPTION_MAX = 160;

/** Plain one-line text of at most {@link META_DESCRIPTION_MAX} characters, cut at a word with "…". */
export function formatMetaDescription(text: string): string {
  // Markdown emphasis, code marks, headings and quotes go; underscores stay (they are part of usernames).
  const plain = text
    .replace(/[*`]/g, '')
    .replace(/^\s*[#>]+\s*/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= META_DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, META_DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > META_DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * Sets the page's `<meta name="description">` while the calling page is shown, and puts back the site's own
 * (index.html) when it goes; `undefined` or an empty text (still loading) leaves the site's.
 */
export function useMetaDescription(description: string | null | undefined): void {
  useEffect(() => {
    const text = description?.trim();
    if (!text) return;
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = formatMetaDescription(text);
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
