// Failed queries without their parameters, wherever they end up: Drizzle's DrizzleQueryError puts every parameter
// value into its message ("params: …") and onto `params`, and the driver's error (its `cause`) may repeat values too
// (`detail`: "Key (email)=(…) already exists"; "invalid input syntax for type uuid: "…""; PGlite keeps `query` and
// `params`). Logs go through safeError, but an uncaught error is printed whole by Node (message, stack, properties,
// cause), so the values are dropped from the error itself, once, where Drizzle builds it. What code acts on stays:
// the SQL text, the SQLSTATE `code`, the `constraint` name.
import { DrizzleQueryError } from 'drizzle-orm/errors';

const VALUE_ECHO = /(invalid input (?:syntax|value) for [^:\n]*|value too long for type [^:\n]*|out of range for type [^:\n]*): ".*"$/s;

/** The driver's error with its value-carrying fields removed (in place: the same object is thrown). */
function scrubCause(cause: unknown): void {
  if (!cause || typeof cause !== 'object') return;
  const e = cause as { message?: unknown; detail?: unknown; params?: unknown; stack?: unknown };
  if (typeof e.message === 'string' && VALUE_ECHO.test(e.message)) {
    const message = e.message.replace(VALUE_ECHO, '$1: [redacted]');
    if (typeof e.stack === 'string') e.stack = e.stack.replace(e.message, message);
    e.message = message;
  }
  if ('detail' in e && e.detail !== undefined) e.detail = '[redacted]';
  if ('params' in e) delete e.params;
}

let installed = false;

/** Makes every DrizzleQueryError parameter-free from the moment it is built (idempotent). */
export function redactQueryErrors(): void {
  if (installed) return;
  installed = true;
  const proto = DrizzleQueryError.prototype as unknown as object;
  const own = (target: object, key: string, value: unknown, enumerable = true) =>
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable });
  Object.defineProperties(proto, {
    // The constructor assigns query, params and cause after super(message) and before it captures the stack, so the
    // stack is taken from the message as it is after these setters.
    query: {
      configurable: true,
      set(this: Error, query: unknown) {
        this.message = this.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
        own(this, 'query', query);
      },
    },
    params: { configurable: true, get: () => undefined, set() {} },
    cause: {
      configurable: true,
      set(this: Error, cause: unknown) {
        scrubCause(cause);
        own(this, 'cause', cause, false);
      },
    },
  });
}
