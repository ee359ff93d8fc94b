// LISTEN for one channel on a connection of its own (PostgreSQL) or on the PGlite instance: how a process learns of
// rows changed by any process (modules/auth/current-users.ts). On PostgreSQL the connection is re-opened after a
// loss, with a growing pause; `onState(false)` says nothing can be heard until `onState(true)` says it listens again.
import type { Client as PgClient } from 'pg';

export interface ChannelListener {
  onNotify(payload: string): void;
  onState(listening: boolean): void;
}

/** Stops listening (and closes the connection). */
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

export async function listenPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
  log: { warn(msg: string): void },
): Promise<Unlisten> {
  const { default: pg } = await import('pg');
  let client: PgClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = FIRST_RETRY_MS;

  const again = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), pause);
    retry.unref();
    pause = Math.min(pause * 2, LAST_RETRY_MS);
  };
  const lost = (c: PgClient) => {
    if (client !== c) return;
    client = undefined;
    listener.onState(false);
    c.end().catch(() => {});
    again();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload) listener.onNotify(m.payload);
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (stopped) return void (await c.end().catch(() => {}));
      client = c;
      pause = FIRST_RETRY_MS;
      listener.onState(true);
    } catch (err) {
      log.warn(`could not listen for ${channel} (${(err as Error).message}); reads go to the database until it works`);
      c.end().catch(() => {});
      again();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    listener.onState(false);
    await c?.end().catch(() => {});
  };
}
