// Suppresses the classic browser errors React throws when an extension or page translation has moved DOM
// nodes under it ("Failed to execute 'insertBefore' / 'removeChild' on 'Node'") (product.md §8).

const PATTERNS: readonly RegExp[] = [
  /Failed to execute '(?:insertBefore|removeChild)' on 'Node'/i,
  /The node (?:before which the new node is to be inserted|to be removed) is not a child of this node/i,
];

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  return '';
}

export function isDomMutationError(value: unknown): boolean {
  const text = textOf(value);
  return text !== '' && PATTERNS.some((re) => re.test(text));
}

let uninstall: (() => void) | null = null;

/** Installs the filters once; later calls return the same uninstall function. */
export function installDomErrorSuppression(): () => void {
  if (uninstall) return uninstall;
  if (typeof window === 'undefined') return () => undefined;

  const onError = (event: ErrorEvent) => {
    if (isDomMutationError(event.error) || isDomMutationError(event.message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isDomMutationError(event.reason)) event.preventDefault();
  };
  const originalConsoleError = console.error;
  const filteredConsoleError = (...args: unknown[]) => {
    if (args.some(isDomMutationError)) return;
    originalConsoleError.apply(console, args);
  };

  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection);
  console.error = filteredConsoleError;

  uninstall = () => {
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection);
    if (console.error === filteredConsoleError) console.error = originalConsoleError;
    uninstall = null;
  };
  return uninstall;
}
