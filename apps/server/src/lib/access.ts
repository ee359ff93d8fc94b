// Owner-scoped rows: the one place that answers "may this user read/write this row". A row the actor may not
// see answers 404, exactly like a missing row, so ids of other people's things cannot be probed.
import { AppError } from './app-error.ts';

export interface Actor {
  userId: string;
  /** Moderators work the admin console but pass no owner check; admins pass every one. */
  role: 'user' | 'moderator' | 'admin';
}

export type Access = 'read' | 'write';

export interface OwnerPolicy<T> {
  /** Whether the actor (null = anonymous) may read or write the row. */
  can(actor: Actor | null, row: T, access: Access): boolean;
  /** Returns the row when allowed; throws 404 `<what> not found` when it is missing or not allowed. */
  assert(actor: Actor | null, row: T | null | undefined, access: Access): T;
}

/**
 * A policy for rows that belong to one user: the owner reads and writes, admins too, anyone else may only read
 * rows `isPublic` says are public (default: none).
 */
export function ownerPolicy<T>(opts: { what: string; ownerId: (row: T) => string; isPublic?: (row: T) => boolean }): OwnerPolicy<T> {
  const can = (actor: Actor | null, row: T, access: Access): boolean => {
    if (actor && (actor.role === 'admin' || actor.userId === opts.ownerId(row))) return true;
    return access === 'read' && (opts.isPublic?.(row) ?? false);
  };
  return {
    can,
    assert(actor, row, access) {
      if (row === null || row === undefined || !can(actor, row, access)) throw AppError.notFound(opts.what);
      return row;
    },
  };
}
