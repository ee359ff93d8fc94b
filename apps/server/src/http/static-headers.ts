// @fastify/helmet runs `helmet(options)` for every request, which re-parses the whole configuration (CSP
// directives included) each time: ~11% of the CPU of a trivial route. The headers never vary per request
// here (no CSP nonces), so compute them once — with @fastify/helmet itself on a throwaway instance, so the
// output is exactly what the plugin would send — and copy them onto every reply.
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The response headers @fastify/helmet sets with these options. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_req, reply) => reply.send('ok'));
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_SECURITY.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

export async function registerStaticHelmet(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  if (options.enableCSPNonces) throw new Error('registerStaticHelmet: CSP nonces vary per request; register @fastify/helmet instead');
  const headers = await helmetHeaders(options);
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}
