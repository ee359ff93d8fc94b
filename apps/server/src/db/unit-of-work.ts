// Transactions: `uow.run(async (repos) => …)` runs a function in one transaction with every repository bound to
// it. A run inside a run joins the outer transaction, so a service that guards itself with a transaction (the
// ledger) composes with a caller's (sign-up + welcome coins) without passing handles around.
//
// On PGlite a statement outside an open transaction waits until it ends, so code inside a run must use the
// repositories it is given — `uow.repos` does that automatically: inside a run it returns the bound ones.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, DbOrTx } from './client.ts';

export interface UnitOfWork<R> {
  /** The repositories: bound to the current transaction inside `run`, to the pool outside. */
  readonly repos: R;
  /** Runs fn in a transaction (or the one already open); a throw rolls everything back. */
  run<T>(fn: (repos: R) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the current transaction has committed (never if it rolls back), outside it; at once when no
   * transaction is open. For side effects other people see (live notifications) that must not announce a rollback.
   */
  afterCommit(fn: () => void): void;
  /** Runs fn outside any open transaction (work it starts, e.g. a background task, uses the pool). */
  outside<T>(fn: () => T): T;
}

interface Scope<R> {
  repos: R;
  after: Array<() => void>;
}

export function createUnitOfWork<R>(db: Db, bind: (db: DbOrTx) => R): UnitOfWork<R> {
  const root = bind(db);
  const current = new AsyncLocalStorage<Scope<R>>();
  // On Node 20 an enabled AsyncLocalStorage runs a hook for every promise and tick of the whole process (Node 24's
  // async context frames do not). The scope matters only while a transaction is open, so the storage is switched off
  // when the last open one ends (getStore() is then undefined: the pool's repositories) and on again by the next run:
  // a request that opens no transaction, most of them, pays nothing for it.
  let opened = 0;
  return {
    get repos() {
      return current.getStore()?.repos ?? root;
    },
    async run(fn) {
      const open = current.getStore();
      if (open) return fn(open.repos);
      const after: Array<() => void> = [];
      opened++;
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await db.transaction((tx) => {
          const bound = bind(tx);
          return current.run({ repos: bound, after }, () => fn(bound));
        });
      } finally {
        if (--opened === 0) current.disable();
      }
      for (const f of after) f();
      return result;
    },
    afterCommit(fn) {
      const open = current.getStore();
      if (open) open.after.push(fn);
      else fn();
    },
    outside(fn) {
      return current.exit(fn);
    },
  };
}
