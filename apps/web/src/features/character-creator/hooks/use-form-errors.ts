import { useCallback, useMemo, useState } from 'react';
import type { ContentProblem } from '@reverie/shared';
import { validate, type CharacterForm, type FieldErrors } from '../lib/form';
import { saveFailureOf } from '../lib/save-failure';

/**
 * What the creator shows as wrong: the form's own checks on the fields already visited, the server's messages on
 * the fields it named, one sentence for the whole form, and the problems of a blocked save. `fail` shows a refused
 * save and moves to the step holding the field it names (`toStep`).
 */
export function useFormErrors(form: CharacterForm, toStep: (step: number) => void) {
  const [visited, setVisited] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** Every problem of a blocked save (rule + span), shown at once above the form's buttons. */
  const [blocked, setBlocked] = useState<ContentProblem[]>([]);

  const checks = useMemo(() => validate(form), [form]);
  const errors = useMemo(() => {
    const shown: FieldErrors = {};
    for (const [field, message] of Object.entries(checks)) if (visited.has(field.split('.')[0]!)) shown[field] = message;
    return { ...shown, ...serverErrors };
  }, [checks, visited, serverErrors]);

  /** Marks a field as visited: from then on its own errors show. */
  const touch = useCallback((field: string) => setVisited((v) => (v.has(field) ? v : new Set(v).add(field))), []);
  const visit = useCallback((fields: readonly string[]) => setVisited((v) => new Set([...v, ...fields])), []);

  /** Before a save: nothing from the last one, and every field's own errors show. */
  const startOver = useCallback((fields: readonly string[]) => {
    setFormError(null);
    setBlocked([]);
    setServerErrors({});
    setVisited(new Set(fields));
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      const failure = saveFailureOf(error);
      setServerErrors(failure.serverErrors);
      setBlocked(failure.blocked);
      if (failure.step !== null) toStep(failure.step);
      setFormError(failure.formError);
    },
    [toStep],
  );

  return { checks, serverErrors, setServerErrors, visit, startOver, fail, shown: { errors, touch, formError, blocked } };
}
