import { useCallback, type RefObject } from 'react';

/** Focuses (and scrolls to) the first invalid field inside `container` once the errors have rendered. */
export function useFocusFirstError(container: RefObject<HTMLElement | null>) {
  return useCallback(() => {
    window.setTimeout(() => {
      const root = container.current;
      const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = field ?? root?.querySelector<HTMLElement>('[role="alert"]');
      target?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
    }, 50);
  }, [container]);
}
