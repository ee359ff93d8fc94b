// Staff accounts for admin-route tests: a registered user whose role is set in the database (admin routes read the
// role from there on every request).
import type { TestApp } from './helpers.ts';
import { buildUser, type BuiltUser } from './factories.ts';

export async function buildStaff(t: TestApp, role: 'moderator' | 'admin'): Promise<BuiltUser> {
  const u = await buildUser(t);
  await t.deps.uow.repos.users.update(u.user.id, { role });
  return u;
}

/** A POST/PUT to an admin route with JSON. */
export function adminCall(
  t: TestApp,
  u: { auth: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, headers: { ...(u?.auth ?? {}), ...headers }, ...(payload ? { payload } : {}) });
}
