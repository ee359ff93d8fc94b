// A local Web Push service for tests: an HTTPS server on 127.0.0.1 (a throwaway self-signed certificate made with
// openssl) that receives what web-push POSTs, and a browser's side of a subscription: a real P-256 key pair and auth
// secret (node:crypto), with RFC 8291 decryption of the aes128gcm payload (ECDH + HKDF), written here from the RFC
// so the test does not trust web-push's own code to check itself.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's subscription keys: what `PushSubscription.toJSON().keys` holds, and the private half to decrypt. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }
  get json() {
    return { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /** RFC 8291 §3.4 + RFC 8188: one record, aes128gcm. Returns the plaintext (the padding delimiter removed). */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body[20]!;
    const asPublic = body.subarray(21, 21 + idlen);
    const record = body.subarray(21 + idlen);
    if (record.length > rs) throw new Error('more than one record');
    const uaPublic = this.ecdh.getPublicKey();
    const ecdhSecret = this.ecdh.computeSecret(asPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length;
    while (end > 0 && plain[end - 1] === 0) end--;
    if (plain[end - 1] !== 2) throw new Error('no last-record delimiter');
    return plain.subarray(0, end - 1).toString('utf8');
  }
}

/** Checks the VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT's claims and key. */
export function verifyVapid(header: string | string[] | undefined): { k: string; claims: Record<string, unknown> } {
  const m = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(String(header ?? ''));
  if (!m) throw new Error(`not a VAPID authorization: ${String(header)}`);
  const [, jwt = '', k = ''] = m;
  const [h = '', p = '', s = ''] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  return { k, claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown> };
}

/** The push service: every POST is recorded; `status` answers it (201 by default, 410 for a gone subscription). */
export class PushPeer {
  readonly received: ReceivedPush[] = [];
  status = (_path: string): number => 201;
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly agent: Agent,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushPeer> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'push-peer-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' }); // prettier-ignore
    const tls = { key: readFileSync(key), cert: readFileSync(cert) };
    rmSync(dir, { recursive: true, force: true });
    const box: { peer?: PushPeer } = {};
    const server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        box.peer!.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(box.peer!.status(req.url ?? '')).end();
        for (const w of box.peer!.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    box.peer = new PushPeer(server, new Agent({ ca: tls.cert }), `https://127.0.0.1:${port}`);
    return box.peer;
  }

  /** A fresh subscription endpoint on this service. */
  endpoint(): string {
    return `${this.origin}/push/${randomBytes(12).toString('base64url')}`;
  }

  /** Resolves once `n` pushes have arrived in all (rejects after `ms`). */
  async waitFor(n: number, ms = 10_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`expected ${n} pushes, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
    return this.received;
  }

  close(): Promise<void> {
    this.agent.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
