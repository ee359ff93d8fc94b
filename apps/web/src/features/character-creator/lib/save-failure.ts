// What a refused save means for the form: messages on the fields it names, the step to show, or one sentence.
import type { ContentProblem } from '@reverie/shared';
import { problemsOf, ruleLabel } from '@/features/moderation';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { EMPTY_FORM, formFieldOf, stepOf, type FieldErrors } from './form';

export interface SaveFailure {
  serverErrors: FieldErrors;
  /** Every problem of a blocked save (rule + span), shown at once above the form's buttons. */
  blocked: ContentProblem[];
  /** The step holding the first field named, when one is. */
  step: number | null;
  /** A sentence for the whole form, when no field is named. */
  formError: string | null;
}

/** `field: message` from a 400, attached to the field it names. */
export function fieldOfValidation(message: string): { field: string; message: string } | null {
  const match = /^([a-zA-Z]+)(?:\.(\d+))?: (.+)$/.exec(message);
  if (!match) return null;
  const field = match[2] !== undefined ? `${match[1]}.${match[2]}` : match[1]!;
  return field in EMPTY_FORM || field.startsWith('alternateGreetings.') ? { field, message: match[3]! } : null;
}

const onField = (field: string, message: string): SaveFailure => ({
  serverErrors: { [field]: message },
  blocked: [],
  step: stepOf(field),
  formError: null,
});

export function saveFailureOf(error: unknown): SaveFailure {
  // 422 CONTENT_BLOCKED (and any 422 naming a field): the message goes on that field, on its step.
  if (error instanceof ApiError && error.status === 422 && typeof error.details?.field === 'string') {
    const field = formFieldOf(error.details.field);
    const problems = problemsOf(error.details);
    // Every field with a problem gets a message (not only the first), each naming its rule and the words.
    const byField: FieldErrors = {};
    for (const p of problems) {
      const f = formFieldOf(p.field);
      const line = `${ruleLabel(p.rule)}: “${p.span}”`;
      byField[f] = byField[f] ? `${byField[f]}; ${line}` : line;
    }
    const serverErrors = { [field]: error.serverMessage ?? 'This text was blocked by our policy.', ...byField };
    return { serverErrors, blocked: problems, step: stepOf(field), formError: null };
  }
  // 409 MODERATION_HOLD: moderators hid it, so it stays private; the message goes on the visibility choice.
  if (error instanceof ApiError && error.code === 'MODERATION_HOLD') {
    return onField('visibility', error.serverMessage ?? 'Moderators hid this character, so it stays private.');
  }
  const named = error instanceof ApiError && error.status === 400 ? fieldOfValidation(error.serverMessage ?? '') : null;
  if (named) return onField(named.field, named.message);
  const formError = getErrorMessage(error, 'Could not save the character. Please try again.');
  return { serverErrors: {}, blocked: [], step: null, formError };
}
