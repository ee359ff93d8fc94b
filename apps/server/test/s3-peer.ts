// A local server on 127.0.0.1 that speaks S3 (path-style PUT/GET/HEAD/DELETE) and checks every request's
// Signature V4 itself, for the storage provider's tests and the images module's route tests with S3_* set. A bucket
// policy can be played with `publicRead`: unsigned GET/HEAD of the keys it allows succeed, as on a public bucket.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KEY_ID = 'AKIDREVIERTEST';
export const SECRET = 'test/secret+key=value';
export const REGION = 'eu-test-1';
export const BUCKET = 'reverie-media';

interface Obj {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
}

/**
 * An S3-speaking server that verifies every request's Signature V4 on its own (canonical request rebuilt from what
 * arrived on the wire), so a wrong signature, secret, payload hash or signed header fails.
 */
export async function startS3Peer(opts: { publicRead?: (key: string) => boolean } = {}) {
  const objects = new Map<string, Obj>();
  /** Every request; `signed` false for the unsigned reads a browser (or the start-up check) makes. */
  const log: { method: string; path: string; verdict: string; signed: boolean }[] = [];
  const hex = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
  const hmac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

  function verify(req: IncomingMessage, body: Buffer): string | undefined {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return 'AuthorizationHeaderMalformed';
    const [, keyId, day, region, signed, signature] = auth as unknown as string[];
    if (keyId !== KEY_ID) return 'InvalidAccessKeyId';
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!date.startsWith(day!) || region !== REGION) return 'AuthorizationHeaderMalformed';
    const t = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(Math.abs(Date.now() - t) < 15 * 60_000)) return 'RequestTimeTooSkewed';
    // A streamed upload signs its headers only (UNSIGNED-PAYLOAD), as S3 allows.
    const declared = req.headers['x-amz-content-sha256'];
    if (declared !== 'UNSIGNED-PAYLOAD' && declared !== hex(body)) return 'XAmzContentSHA256Mismatch';
    const names = signed!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const u = new URL(req.url!, 'http://x');
    const canonicalPath = u.pathname
      .split('/')
      .map((s) => enc(decodeURIComponent(s)))
      .join('/');
    const canonical = [
      req.method,
      canonicalPath,
      [...u.searchParams]
        .map(([k, v]) => `${enc(k)}=${enc(v)}`)
        .sort()
        .join('&'),
      names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
      signed,
      String(req.headers['x-amz-content-sha256']),
    ].join('\n');
    const toSign = `AWS4-HMAC-SHA256\n${date}\n${day}/${REGION}/s3/aws4_request\n${hex(canonical)}`;
    const key = hmac(hmac(hmac(hmac('AWS4' + SECRET, day!), REGION), 's3'), 'aws4_request');
    return createHmac('sha256', key).update(toSign).digest('hex') === signature ? undefined : 'SignatureDoesNotMatch';
  }

  const xmlError = (res: ServerResponse, status: number, code: string, message: string) =>
    res
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const p = new URL(req.url!, 'http://x').pathname;
      const anonymousKey = p.split('/').slice(2).map(decodeURIComponent).join('/');
      const anonymous = !req.headers.authorization && (req.method === 'GET' || req.method === 'HEAD');
      const failure = anonymous ? (opts.publicRead?.(anonymousKey) ? undefined : 'AccessDenied') : verify(req, body);
      log.push({ method: req.method!, path: p, verdict: failure ?? 'ok', signed: !anonymous });
      if (failure) return xmlError(res, 403, failure, 'The request signature we calculated does not match the signature you provided.');
      const [, bucket, ...rest] = p.split('/');
      if (bucket !== BUCKET) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = rest.map(decodeURIComponent).join('/');
      if (!key) return req.method === 'HEAD' ? res.writeHead(200).end() : xmlError(res, 405, 'MethodNotAllowed', 'no');
      const obj = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] });
          return res.writeHead(200, { etag: `"${hex(body).slice(0, 32)}"` }).end();
        case 'GET':
        case 'HEAD':
          if (!obj)
            return req.method === 'HEAD' ? res.writeHead(404).end() : xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': obj.contentType ?? 'binary/octet-stream',
            'content-length': obj.body.length,
            'cache-control': obj.cacheControl ?? '',
          });
          return res.end(req.method === 'GET' ? obj.body : undefined);
        case 'DELETE':
          objects.delete(key);
          return res.writeHead(204).end();
      }
      xmlError(res, 405, 'MethodNotAllowed', 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, objects, log, close };
}
