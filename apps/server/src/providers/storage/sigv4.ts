// AWS Signature Version 4 for S3 requests (header-based, no presigned URLs), written against the published
// algorithm: canonical request → string to sign → HMAC chain of date/region/service → signature.
import { createHash, createHmac } from 'node:crypto';

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as S3 expects: everything but A–Z a–z 0–9 - _ . ~ is percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `/bucket/a/b c.webp` → `/bucket/a/b%20c.webp` (slashes kept). */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((seg) => uriEncode(seg))
    .join('/');
}

export function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  /** Already-encoded path, e.g. from encodePath. */
  path: string;
  query?: URLSearchParams;
  /** Every header to sign, including host; names in any case. */
  headers: Record<string, string>;
  payloadHash: string;
  /** `YYYYMMDDTHHMMSSZ` */
  amzDate: string;
}

export function amzDate(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** Computes the signature and the Authorization header value for a request. */
export function sign(input: SignInput, creds: Credentials): { authorization: string; signature: string; canonicalRequest: string } {
  const service = creds.service ?? 's3';
  const headers = Object.entries(input.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path,
    input.query ? canonicalQuery(input.query) : '',
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(creds.secretAccessKey, day, creds.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    canonicalRequest,
  };
}
