// Test peer: an OpenAI-compatible speech and transcription server (and ElevenLabs' two endpoints) on 127.0.0.1 that
// really synthesises with Debian's espeak-ng (MP3 through ffmpeg) and really recognises with pocketsphinx
// (pocketsphinx-en-us; a JSGF grammar over the test's words, as a whisper server's vocabulary is open and ours is not).
// Only tests and the voice bench import this file.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PEER_VOICES = ['en-us', 'en-us+m1', 'en-gb', 'en-us+f2'];

export interface SpeechPeerOptions {
  /** Words the recogniser knows (a JSGF word loop); default: a small everyday vocabulary. */
  vocabulary?: string[];
  /**
   * Whole phrases the recogniser chooses between (a command grammar), instead of the word loop: closer to what was
   * said when the test needs the exact words (a transcript the content policy must refuse).
   */
  phrases?: string[];
  /** Bearer key (openai) or xi-api-key (elevenlabs) required when set. */
  apiKey?: string;
  /**
   * The same text in the same voice, or the same recording, answered from memory after the first time (the calls
   * bench: fifty calls say the same things, and the peer's own espeak-ng and pocketsphinx work is not what it measures).
   */
  memo?: boolean;
}

export interface SpeechPeer {
  url: string;
  /** Every request: method, path and (JSON bodies) the parsed body. */
  requests: Array<{ method: string; path: string; body?: unknown }>;
  /** The next `n` synthesis or transcription requests answer 500. */
  failNext(n: number): void;
  /** Answers are held this long first (ms). */
  delay: number;
  close(): Promise<void>;
}

export const DEFAULT_VOCABULARY = [
  'hello',
  'world',
  'weather',
  'is',
  'nice',
  'today',
  'the',
  'good',
  'morning',
  'how',
  'are',
  'you',
  'please',
  'tell',
  'me',
  'a',
  'story',
  'about',
  'dragon',
  'castle',
  'night',
  'open',
  'door',
];

function run(cmd: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${cmd} exited ${code}: ${Buffer.concat(err).toString().slice(0, 300)}`)),
    );
    child.stdin.end(input ?? Buffer.alloc(0));
  });
}

/** espeak-ng's WAV for `text` (slow and with word gaps, which pocketsphinx hears best). */
export function espeakWav(text: string, voice = 'en-us'): Promise<Buffer> {
  return run('espeak-ng', ['-v', voice, '-s', '130', '-g', '8', '--stdout', '--stdin'], Buffer.from(text, 'utf8'));
}

export function toMp3(wav: Buffer): Promise<Buffer> {
  return run('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'mp3', '-b:a', '64k', 'pipe:1'], wav);
}

async function recognise(wav16k: Buffer, grammarBody: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'speech-peer-'));
  try {
    const grammar = `#JSGF V1.0;\ngrammar words;\npublic <s> = ${grammarBody} ;\n`;
    await writeFile(path.join(dir, 'g.gram'), grammar);
    // pocketsphinx reads the raw samples after the 44-byte header of our own ffmpeg WAV.
    const file = path.join(dir, 'in.wav');
    await writeFile(file, wav16k);
    const text = await new Promise<string>((resolve, reject) =>
      execFile('pocketsphinx_continuous', ['-jsgf', path.join(dir, 'g.gram'), '-infile', file], (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    );
    return text.replace(/\s+/g, ' ').trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parts of a multipart/form-data body. */
async function formOf(req: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Request('http://peer/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  }).formData();
}

export async function startSpeechPeer(options: SpeechPeerOptions = {}): Promise<SpeechPeer> {
  const vocabulary = options.vocabulary ?? DEFAULT_VOCABULARY;
  const grammarBody = options.phrases
    ? options.phrases
        .map(
          (p) =>
            `( ${p
              .toLowerCase()
              .replace(/[^a-z' ]/g, ' ')
              .trim()} )`,
        )
        .join(' | ')
    : `( ${vocabulary.join(' | ')} )+`;
  let failures = 0;
  const peer: SpeechPeer = { url: '', requests: [], failNext: (n) => void (failures = n), delay: 0, close: async () => {} };

  const memo = new Map<string, Promise<Buffer | string>>();
  const remembered = <T extends Buffer | string>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!options.memo) return make();
    let found = memo.get(key);
    if (!found) memo.set(key, (found = make()));
    return found as Promise<T>;
  };

  const synth = async (res: ServerResponse, text: string, voice: string) => {
    if (!PEER_VOICES.includes(voice)) return send(res, 400, { error: { message: `Unknown voice ${voice}` } });
    const mp3 = await remembered(`speech:${voice}:${text}`, async () => toMp3(await espeakWav(text, voice)));
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length }).end(mp3);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const json = req.headers['content-type']?.startsWith('application/json')
      ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>)
      : undefined;
    peer.requests.push({ method: req.method ?? 'GET', path: url.pathname, body: json });
    const key = req.headers.authorization?.replace(/^Bearer /, '') ?? req.headers['xi-api-key'];
    if (options.apiKey && key !== options.apiKey) return send(res, 401, { error: { message: 'Invalid API key' } });
    if (peer.delay) await new Promise((r) => setTimeout(r, peer.delay));
    const costly = req.method === 'POST';
    if (costly && failures > 0) {
      failures -= 1;
      return send(res, 500, { error: { message: 'synthesis engine crashed' } });
    }
    if (req.method === 'GET' && url.pathname === '/v1/audio/voices') return send(res, 200, { voices: PEER_VOICES });
    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      return send(res, 200, { voices: PEER_VOICES.map((v) => ({ voice_id: v, name: `Voice ${v}` })) });
    }
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
      return synth(res, String(json?.input ?? ''), String(json?.voice ?? ''));
    }
    const eleven = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname);
    if (req.method === 'POST' && eleven) return synth(res, String(json?.text ?? ''), decodeURIComponent(eleven[1]!));
    if (req.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
      const form = await formOf(req, body);
      const file = form.get('file');
      if (!(file instanceof Blob)) return send(res, 400, { error: { message: 'file is required' } });
      const bytes = Buffer.from(await file.arrayBuffer());
      const text = await remembered(`heard:${createHash('sha256').update(bytes).digest('hex')}`, async () => {
        const wav = await run('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-ar', '16000', '-ac', '1', '-f', 'wav', 'pipe:1'], bytes);
        return recognise(wav, grammarBody);
      });
      return send(res, 200, { text });
    }
    return send(res, 404, { error: { message: 'Not found' } });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on(
      'end',
      () => void handle(req, res, Buffer.concat(chunks)).catch((err: Error) => send(res, 500, { error: { message: err.message } })),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () => new Promise((r) => server.close(() => r()));
  return peer;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
