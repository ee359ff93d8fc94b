// Response compression for API answers, tuned for small JSON on a busy event loop.
//
// Why our own and not @fastify/compress: that plugin compresses every answer through a zlib stream (a stream
// pipeline, several ticks and allocations per request even for a 3 KB feed page) at brotli quality 4. Measured on
// the catalogue bench, that was the largest single cost of a feed page after the database. Here a small body is
// compressed synchronously in one call at a fast setting (brotli quality 1 is smaller than gzip -6 on our JSON and
// ~5× cheaper than quality 4); only large bodies go to the thread pool at a stronger setting, so a big answer
// never blocks the loop. Streams (files, SSE) pass through untouched: static files are precompressed at build
// time (plugins/spa.ts) and event streams must flush as they are written.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compression costs more than the bytes it saves on any real link. */
export const COMPRESS_MIN_BYTES = 1024;
/** Up to this, compress inline (well under a millisecond at the fast settings); above it, in the thread pool. */
export const COMPRESS_SYNC_MAX_BYTES = 128 * 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml|problem\+json|manifest\+json)|text\/|image\/svg\+xml)/i;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

const brotliFast = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const brotliStrong = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip';

/** The client's preferred encoding we support: br over gzip, honouring q=0 refusals; undefined = identity. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (rawName === 'br') br = true;
    else if (rawName === 'gzip' || rawName === 'x-gzip') gzip = true;
    else if (rawName === '*') {
      br = true;
      gzip = true;
    }
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

export async function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= COMPRESS_SYNC_MAX_BYTES) {
    return encoding === 'br' ? zlib.brotliCompressSync(body, brotliFast) : zlib.gzipSync(body, { level: 1 });
  }
  return encoding === 'br' ? brotliAsync(body, brotliStrong) : gzipAsync(body, { level: 6 });
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current))
    reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerCompression(app: FastifyInstance) {
  // A callback hook, not an async one: most answers pass untouched, and they should not pay for a promise (#45).
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
      const encoding = encodingFor(request, reply, payload);
      if (!encoding) return done(null, payload);
      compressBody(typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer), encoding).then((compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      }, done);
    },
  );
}

/** The encoding this answer goes out in, or undefined when it goes as it is. */
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | undefined {
  // Only whole bodies we hold: strings and buffers. Streams (static files, SSE) and empty answers pass.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  // Cheapest test first: most API answers are small.
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_MIN_BYTES) return undefined;
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return undefined;
  if (reply.getHeader('content-encoding') !== undefined) return undefined;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return undefined;
  // From here the answer depends on Accept-Encoding, whether or not this client gets it compressed.
  addVary(reply);
  return negotiate(request.headers['accept-encoding']);
}
