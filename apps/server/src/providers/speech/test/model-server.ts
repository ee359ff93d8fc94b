// A loopback HTTP server that serves the tiny speech models (tiny-speech-models.ts) as a model host would, so the
// embedded engines' download path (URL, checksum, resume) runs in tests. Only tests import this file.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tinyCtcRecogniser, tinyPiperVoice } from './tiny-speech-models.ts';

export interface ModelServer {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  sha256: Record<string, string>;
  close(): Promise<void>;
}

/** Serves /voice/tiny-voice.onnx, /voice/tokens.txt, /stt/tiny-ctc.onnx, /stt/tokens.txt; anything else is a 404. */
export async function startModelServer(): Promise<ModelServer> {
  const voice = tinyPiperVoice();
  const ctc = tinyCtcRecogniser();
  const files: Record<string, Buffer> = {
    '/voice/tiny-voice.onnx': voice.model,
    '/voice/tokens.txt': Buffer.from(voice.tokens),
    '/stt/tiny-ctc.onnx': ctc.model,
    '/stt/tokens.txt': Buffer.from(ctc.tokens),
    // A valid ONNX model without a voice's metadata: sherpa-onnx would end the process loading it as a voice.
    '/bad/no-metadata.onnx': ctc.model,
    '/bad/tokens.txt': Buffer.from(voice.tokens),
  };
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://models').pathname;
    requests.push(p);
    const body = files[p];
    if (!body) return res.writeHead(404).end('no such file');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sha256 = Object.fromEntries(Object.entries(files).map(([p, b]) => [p, createHash('sha256').update(b).digest('hex')]));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sha256,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
