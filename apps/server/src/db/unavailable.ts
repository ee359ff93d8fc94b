// "The database is not answering" as opposed to "this query is wrong": connection failures of the pg driver and
// PostgreSQL's connection and shutdown states, and a closed PGlite handle. Drizzle wraps the driver's error as
// `cause`, so the whole chain is looked at.

/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'ENETUNREACH',
]);
/**
 * SQLSTATEs: class 08 (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect now), 53300
 * (too many connections).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
/** What the drivers say without a code: pg's pool and client, PGlite once closed. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // Several attempts (IPv4 and IPv6) that all failed.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
