// Errors as they may be logged: a failed query keeps its SQL text but never its parameters (passwords, tokens
// and e-mail addresses travel as parameters), and driver details that echo values are left out.
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  cause?: { type: string; message: string; code?: string };
  stack?: string;
}

/** Stack frames only: the first line of a stack repeats the message, which is what we must not repeat. */
const frames = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .join('\n');

/** Drops everything from "params:" on: drizzle appends the parameter values to a failed query's message. */
const withoutParams = (message: string) => message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

export function safeError(err: unknown): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown' };
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const causeCode = (cause as { code?: unknown } | undefined)?.code;
  return {
    type: err.name,
    message: withoutParams(err.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause
      ? {
          cause: { type: cause.name, message: withoutParams(cause.message), ...(typeof causeCode === 'string' ? { code: causeCode } : {}) },
        }
      : {}),
    stack: frames(err.stack),
  };
}

/** Query parameters that carry secrets (e-mailed links); their values never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|resetToken|code|idToken)=)[^&#]*/gi;

/** A request URL as it may be logged: the secret parts of e-mailed links replaced. */
export function safeUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_PARAMS, '$1[redacted]');
}
