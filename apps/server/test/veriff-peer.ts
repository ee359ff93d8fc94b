// A local HTTP server on 127.0.0.1 that answers Veriff's session API as its public documentation describes it
// (POST /v1/sessions with the API key in X-AUTH-CLIENT → { status: 'success', verification: { id, url, … } }), plus
// the helper that plays Veriff's part afterwards: a decision webhook body signed with X-HMAC-SIGNATURE, the hex
// HMAC-SHA256 of the raw body with the integration's shared secret.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VeriffSession {
  id: string;
  vendorData: string;
  callback: string;
}

export interface VeriffPeer {
  url: string;
  apiKey: string;
  sharedSecret: string;
  sessions: VeriffSession[];
  /** Requests refused for a missing or wrong X-AUTH-CLIENT. */
  refused: number;
  close(): Promise<void>;
}

export async function startVeriffPeer(): Promise<VeriffPeer> {
  const apiKey = randomUUID();
  const sharedSecret = randomBytes(16).toString('hex');
  const sessions: VeriffSession[] = [];
  const peer = { refused: 0 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/sessions') return send(404, { status: 'fail', code: 1104, message: 'Not found' });
    if (req.headers['x-auth-client'] !== apiKey) {
      peer.refused += 1;
      return send(401, {
        status: 'fail',
        code: 1801,
        message: 'Mandatory X-AUTH-CLIENT header containing the API key is missing from the request.',
      });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { verification?: { callback?: string; vendorData?: string } };
    const id = randomUUID();
    sessions.push({ id, vendorData: body.verification?.vendorData ?? '', callback: body.verification?.callback ?? '' });
    send(201, {
      status: 'success',
      verification: {
        id,
        url: `https://alchemy.veriff.com/v/${randomBytes(24).toString('base64url')}`,
        vendorData: body.verification?.vendorData ?? null,
        host: 'https://alchemy.veriff.com',
        status: 'created',
        sessionToken: randomBytes(24).toString('base64url'),
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    sharedSecret,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const CODES: Record<string, number> = { approved: 9001, declined: 9102, resubmission_requested: 9103, expired: 9104, abandoned: 9104 };

/** A decision webhook as Veriff posts it, with its headers (signed with `secret`). */
export function veriffDecision(
  peer: Pick<VeriffPeer, 'apiKey'>,
  secret: string,
  session: VeriffSession,
  status: string,
  dateOfBirth: string | null = '1990-04-02',
) {
  const body = JSON.stringify({
    status: 'success',
    verification: {
      id: session.id,
      attemptId: randomUUID(),
      vendorData: session.vendorData,
      endUserId: null,
      status,
      code: CODES[status] ?? 9121,
      reason: status === 'declined' ? 'Physical document not used' : null,
      reasonCode: status === 'declined' ? 102 : null,
      decisionTime: new Date().toISOString(),
      acceptanceTime: new Date(Date.now() - 60_000).toISOString(),
      person: { firstName: 'SARAH', lastName: 'MORGAN', dateOfBirth, idNumber: null },
      document: { type: 'DRIVERS_LICENSE', country: 'GB', number: 'MORGA753116SM9IJ', validUntil: '2030-01-01' },
    },
    technicalData: { ip: '203.0.113.7' },
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'x-auth-client': peer.apiKey, 'x-hmac-signature': signature } };
}
