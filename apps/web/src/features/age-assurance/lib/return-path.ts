// Where the user was when they pressed "Verify my age": the result page leads back there (this tab only).
import { STORAGE_PREFIX } from '@reverie/shared/constants';

const KEY = `${STORAGE_PREFIX}age_check_return`;

/** Remembers the page a check starts from; a retry from the result page keeps the page the first check started from. */
export function rememberReturnPath(path = window.location.pathname + window.location.search): void {
  if (path.startsWith('/age-check')) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the result page leads home.
  }
}

export function returnPath(): string {
  let path: string | null = null;
  try {
    path = window.sessionStorage.getItem(KEY);
  } catch {
    path = null;
  }
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
