// What stops a start for a reason the operator can fix (a setting, a secrets file, a server the settings point at that
// does not answer): main.ts prints its message alone. Any other error at start is a bug and is printed with its stack.

export class StartupError extends Error {
  override name = 'StartupError';
}

/** Failures to reach or log in to a server: Node's socket codes, PostgreSQL's SQLSTATE for login and database. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '28P01', // password authentication failed
  '28000', // no such role, or pg_hba refuses it
  '3D000', // no such database
]);

/** `url` with its password replaced, for a message that may be logged. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an address that is not a valid URL)';
  }
}

/**
 * Runs `step`, which connects to the server `what` at `url`. When the server cannot be reached or refuses the login,
 * rejects with a StartupError that names the server, says why and ends with `fix`; other failures pass unchanged.
 */
export async function connecting<T>(what: string, url: string, fix: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const code = (err as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || !UNREACHABLE.has(code)) throw err;
    throw new StartupError(`${what} at ${withoutPassword(url)} could not be connected to (${(err as Error).message}). ${fix}`, {
      cause: err,
    });
  }
}

/** What main.ts prints when a start failed: the sentence of a StartupError, or the whole unexpected error. */
export function startFailure(err: unknown): string {
  if (err instanceof StartupError) return `Reverie could not start: ${err.message}`;
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return `Reverie could not start because of an unexpected error:\n${detail}`;
}
