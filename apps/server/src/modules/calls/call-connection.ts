// The WebSocket of one call (docs/voice.md "Calls"): the first message must be `{type:"auth", token}` (a browser
// cannot put a bearer token on a WebSocket; the token is checked as every request's is), then binary frames are
// utterances and text frames are `barge-in` or `hang-up`. Every frame is bounded (size, JSON, no control characters);
// a bad one gets an error event with a sentence, and only a refusal to start ends the call.
import { CALL_MAX_TEXT_FRAME, CallClientMessage, type CallServerEvent } from '@reverie/shared';
import type { WebSocket } from 'ws';
import type { AccessClaims } from '../auth/access-tokens.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CallSession, SessionCall } from './call-session.ts';

/** How long a new socket may take to send its token. */
export const AUTH_TIMEOUT_MS = 10_000;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const SIGN_IN_FIRST = 'Sign in first: the first message of a call carries your token.';

export interface ConnectionDeps {
  verifyToken(token: string): Promise<AccessClaims>;
  /** Admits and starts the call for a signed-in user (rejects with the refusal). */
  open(actor: AccessClaims, call: Omit<SessionCall, 'actor' | 'conversationId' | 'speaker'>): Promise<CallSession>;
  maxBytes: number;
}

type Phase = 'auth' | 'opening' | 'open' | 'closed';
type CallBasics = Pick<SessionCall, 'characterId' | 'rateLimit' | 'nsfwLocked' | 'country'>;

/** Serves one socket until it closes. */
export function serveCall(socket: WebSocket, deps: ConnectionDeps, call: CallBasics): void {
  const connection = new CallConnection(socket, deps, call);
  socket.on('message', (data, isBinary) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) connection.audio(bytes);
    else connection.text(bytes.toString('utf8'));
  });
  socket.on('close', () => connection.closed());
  socket.on('error', () => socket.terminate());
}

class CallConnection {
  private phase: Phase = 'auth';
  private session: CallSession | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly port: Omit<SessionCall, 'actor' | 'conversationId' | 'speaker'>;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    call: CallBasics,
  ) {
    this.port = {
      ...call,
      emit: (event) => this.emit(event),
      audio: (bytes) => void (socket.readyState === socket.OPEN && socket.send(bytes, { binary: true })),
      present: () => socket.readyState === socket.OPEN,
      close: (code, reason) => socket.close(code, reason),
    };
    const late = () =>
      this.phase === 'auth' && this.refuse(AppError.unauthorized('Sign in first: the call did not receive your token in time.'));
    this.timer = setTimeout(late, AUTH_TIMEOUT_MS);
  }

  text(raw: string): void {
    if (raw.length > CALL_MAX_TEXT_FRAME) return this.softError(`A call's messages are at most ${CALL_MAX_TEXT_FRAME} characters.`);
    if (CONTROL.test(raw)) return this.softError('Messages may not contain control characters.');
    let parsed;
    try {
      parsed = CallClientMessage.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return this.softError('That message is not one a call understands (auth, barge-in or hang-up).');
    const msg = parsed.data;
    if (this.phase === 'auth') {
      if (msg.type !== 'auth') return this.refuse(AppError.unauthorized(SIGN_IN_FIRST));
      return void this.authenticate(msg.token);
    }
    if (msg.type === 'auth') return this.softError('This call is already signed in.');
    if (this.phase !== 'open' || !this.session) return this.softError('The call is still connecting.');
    if (msg.type === 'barge-in') return this.session.bargeIn();
    void this.session.end('hung up');
  }

  audio(bytes: Buffer): void {
    if (this.phase === 'auth') return this.refuse(AppError.unauthorized(SIGN_IN_FIRST));
    if (this.phase !== 'open' || !this.session) return this.softError('The call is still connecting: speak once it says it is listening.');
    const max = this.deps.maxBytes;
    if (bytes.length > max) return this.softError(`That was too long to send: one utterance is at most ${max} bytes.`, 'PAYLOAD_TOO_LARGE');
    if (bytes.length === 0) return this.softError('That recording is empty.');
    void this.session.utterance(bytes);
  }

  closed(): void {
    clearTimeout(this.timer);
    const was = this.phase;
    this.phase = 'closed';
    if (was === 'open') void this.session?.end('hung up');
  }

  private async authenticate(token: string): Promise<void> {
    this.phase = 'opening';
    clearTimeout(this.timer);
    try {
      const actor = await this.deps.verifyToken(token);
      this.session = await this.deps.open(actor, this.port);
    } catch (err) {
      if (this.isOpening()) this.refuse(err);
      return;
    }
    if (this.isOpening()) this.phase = 'open';
    else await this.session.end('hung up');
  }

  /** Still opening (the socket may have closed meanwhile). */
  private isOpening(): boolean {
    return this.phase === 'opening';
  }

  private emit(event: CallServerEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private softError(message: string, code = 'BAD_REQUEST'): void {
    this.emit({ type: 'error', code, message, fatal: false });
  }

  private refuse(err: unknown): void {
    const e = err instanceof AppError ? err : new AppError(500, 'INTERNAL', 'The call could not start. Try again.');
    this.emit({ type: 'error', code: e.code, message: e.message, fatal: true, ...(e.details ? { details: e.details } : {}) });
    this.socket.close(4000 + Math.min(e.status, 999), e.code);
  }
}
