import { useEffect } from 'react';

export const APP_NAME = 'Reverie';

/** "Seraphina · Reverie", or just "Reverie" without a page title. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the document title while the page is shown (nothing while `title` is undefined, e.g. loading). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = documentTitle(title);
  }, [title]);
}
