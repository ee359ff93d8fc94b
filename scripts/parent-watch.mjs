// Preloaded into the server by `npm start` (scripts/start.mjs). The server runs in its own process group, so
// if `npm start` itself dies without a chance to forward a signal (kill -9, a closed CI step), nothing would
// stop the server and it would keep the port. start.mjs keeps an IPC link open instead: when the link
// drops, the server shuts down the normal way (SIGTERM: drain HTTP, close the pool, stop the database).
//
// It acts only in the server start.mjs spawned: start.mjs names itself in REVERIE_WATCH_PARENT, and only a process
// whose parent is that process matches. Processes the server forks inherit this preload (node's fork passes
// execArgv on), and node-llama-cpp's binary test is such a child with an IPC link of its own: unreferencing that
// link let the child exit before its test ran on a busy machine (NoBinaryFoundError, or an EPIPE crash when the
// server wrote to it). The variable is also removed here, so no child even sees it.
const parent = process.env.REVERIE_WATCH_PARENT;
delete process.env.REVERIE_WATCH_PARENT;
if (parent && process.send && String(process.ppid) === parent) {
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
