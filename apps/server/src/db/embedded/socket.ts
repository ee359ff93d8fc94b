// The embedded cluster's Unix socket, in its own data folder (the default folders, /tmp or /var/run/postgresql, may
// not be writable): the server's own connections use it, a round trip costing less than on loopback TCP.
import path from 'node:path';

/** A socket's name holds at most 107 bytes (sockaddr_un); PostgreSQL names it `.s.PGSQL.<port>` in its folder. */
const MAX_SOCKET_PATH = 107;

/** The folder for the cluster's Unix socket: its data folder, unless the socket's name would be too long. */
export function socketDir(pgdata: string, port: number): string | undefined {
  return Buffer.byteLength(path.join(pgdata, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? pgdata : undefined;
}

/** The TCP address's database through the socket (node-postgres reads `host` from the query), when there is one. */
export function socketUrlOf(url: string, pgdata: string, port: number): string | undefined {
  const dir = socketDir(pgdata, port);
  return dir && `${url}?host=${encodeURIComponent(dir)}`;
}
