// A failed query never carries its parameters (passwords, tokens, e-mail addresses travel as parameters) into what
// a stack trace, a crash dump or a log shows: Node prints an uncaught error with util.inspect, message, stack,
// properties and cause included. The error keeps what code acts on (the SQLSTATE and the constraint's name).
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function failure(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('the query did not fail');
}

/** Everything of an error that Node or a logger could print. */
const printed = (err: Error) =>
  [inspect(err, { depth: 10, showHidden: true }), String(err), err.stack ?? '', JSON.stringify(err)].join('\n');

describe('failed queries', () => {
  it('show no parameter values: not in the message, the stack, the properties or the cause', async () => {
    const secret = 'hunter2-secret-value';
    const err = await failure(() => t.deps.uow.repos.users.findById(`not-a-uuid-${secret}`));
    expect(printed(err)).not.toContain(secret);
    expect(err.message).toMatch(/^Failed query: select /);
  });

  it('keep the SQLSTATE and the constraint, without the values a unique violation repeats', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    await t.deps.uow.repos.users.update(u.user.id, { email: 'taken-secret@example.com' });
    const taken = await failure(() => t.deps.uow.repos.users.update(other.user.id, { email: 'taken-secret@example.com' }));
    const cause = taken.cause as { code?: string; constraint?: string };
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toMatch(/email/);
    expect(printed(taken)).not.toContain('taken-secret');
  });
});
