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
