// Test helpers: a node:http server on 127.0.0.1 that a test scripts to speak a backend's protocol, and tiny real
// PNGs made with sharp. Only tests import this file.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  json: () => unknown;
}

export type PeerHandler = (req: PeerRequest, res: ServerResponse) => void | Promise<void>;

export interface Peer {
  url: string;
  requests: PeerRequest[];
  close(): Promise<void>;
}

export async function startPeer(handler: PeerHandler): Promise<Peer> {
  const requests: PeerRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      const r: PeerRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        json: () => JSON.parse(body),
      };
      requests.push(r);
      Promise.resolve(handler(r, res)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

export function tinyPng(width = 8, height = 8, color = { r: 200, g: 40, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** An address nothing listens on (a port that was just freed). */
export async function deadUrl(): Promise<string> {
  const p = await startPeer(() => {});
  await p.close();
  return p.url;
}
