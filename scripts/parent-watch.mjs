// Preloaded into the server by `npm start` (scripts/start.mjs). The server runs in its own process group, so
// if `npm start` itself dies without a chance to forward a signal (kill -9, a closed CI step), nothing would
// stop the server and it would keep the port. start.mjs keeps an IPC link open instead: when the link
// drops, the server shuts down the normal way (SIGTERM: drain HTTP, close the pool, stop the database).
if (process.send) {
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
