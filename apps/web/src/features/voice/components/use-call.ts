// A call with a character (docs/voice.md "Calls"): the microphone stays open (lib/listener.ts cuts it into
// utterances, as hands-free does), each utterance goes up the WebSocket, and the character's sentences come back as
// MP3 and play in turn (lib/call-player.ts). Hearing the user while the character answers is a barge-in: playback
// stops at once and the server stops the reply. What the screen shows is lib/call-machine.ts.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { callPath, CallServerEvent } from '@reverie/shared';
import { buildUrl, freshAccessToken } from '@/lib/api-client';
import { callPlayer, type CallPlayer } from '../lib/call-player';
import { callReducer, initialCall, shouldBargeIn, type CallState } from '../lib/call-machine';
import { listen, type Listener } from '../lib/listener';

interface Options {
  characterId: string;
  conversationId?: string;
  /** The longest utterance the server takes. */
  maxMs: number;
}

interface Parts {
  ws?: WebSocket;
  stream?: MediaStream;
  listener?: Listener;
  player?: CallPlayer;
  /** After a barge-in, audio still on its way for the stopped reply is dropped until that turn ends. */
  muted: boolean;
}

const MIC_REFUSED = 'The microphone is off or not allowed: allow it in the browser to call.';

/** The call's WebSocket address (ws: or wss: like the page). */
export function callUrl(characterId: string, conversationId?: string): string {
  const url = new URL(buildUrl(callPath(characterId), { conversationId }), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Lets go of what a call holds: the microphone (its listener closes it), the playback and the socket. */
function release(p: Parts): void {
  p.listener?.close();
  if (!p.listener) p.stream?.getTracks().forEach((t) => t.stop());
  p.player?.stop();
  if (p.ws && p.ws.readyState <= WebSocket.OPEN) p.ws.close(1000, 'hung up');
}

/** Opens a call's socket: it signs in with its first message, then hands on the audio frames and the parsed events. */
function connectCall(
  url: string,
  token: string,
  on: { audio(bytes: ArrayBuffer): void; event(event: CallServerEvent): void; closed(): void },
): WebSocket {
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
  ws.onmessage = (m: MessageEvent<ArrayBuffer | string>) => {
    if (typeof m.data !== 'string') return on.audio(m.data);
    let parsed;
    try {
      parsed = CallServerEvent.safeParse(JSON.parse(m.data));
    } catch {
      return; // not JSON: nothing a call understands
    }
    if (parsed.success) on.event(parsed.data);
  };
  ws.onclose = () => on.closed();
  return ws;
}

export function useCall({ characterId, conversationId, maxMs }: Options) {
  const [state, dispatch] = useReducer(callReducer, initialCall);
  const latest = useRef<CallState>(state);
  latest.current = state;
  const parts = useRef<Parts>({ muted: false });

  const teardown = useCallback(() => {
    release(parts.current);
    parts.current = { muted: false };
  }, []);

  const startListening = useCallback(
    (ws: WebSocket, stream: MediaStream) => {
      const p = parts.current;
      p.listener = listen(stream, maxMs, {
        heard() {
          const now = latest.current;
          // Heard first, so the machine knows the character was cut off (stopping the player says it stopped playing).
          dispatch({ type: 'heard' });
          if (!shouldBargeIn(now)) return;
          p.player?.stop();
          // A reply still being written is stopped on the server too; one already written is only silenced here.
          if (now.pending > 0) {
            p.muted = true;
            ws.send(JSON.stringify({ type: 'barge-in' }));
          }
        },
        utterance(audio) {
          dispatch({ type: 'sent' });
          void audio.arrayBuffer().then((bytes) => ws.readyState === WebSocket.OPEN && ws.send(bytes));
        },
        dropped: () => dispatch({ type: 'dropped' }),
      });
    },
    [maxMs],
  );

  const onEvent = useCallback(
    (ws: WebSocket, stream: MediaStream, event: CallServerEvent) => {
      if (event.type === 'ready') startListening(ws, stream);
      if (event.type === 'turn-end' && event.interrupted) parts.current.muted = false;
      dispatch({ type: 'server', event });
      if ((event.type === 'error' && event.fatal) || event.type === 'ended') teardown();
    },
    [startListening, teardown],
  );

  const start = useCallback(async () => {
    teardown();
    dispatch({ type: 'dial' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      return dispatch({ type: 'failed', message: MIC_REFUSED });
    }
    const token = await freshAccessToken().catch(() => null);
    if (!token) {
      stream.getTracks().forEach((t) => t.stop());
      return dispatch({ type: 'failed', message: 'Sign in to call.' });
    }
    const player = callPlayer(
      (on) => dispatch({ type: 'playing', on }),
      (message) => dispatch({ type: 'server', event: { type: 'error', code: 'PLAYBACK', message, fatal: false } }),
    );
    const ws: WebSocket = connectCall(callUrl(characterId, conversationId), token, {
      audio: (bytes) => void (!parts.current.muted && player.enqueue(new Blob([bytes], { type: 'audio/mpeg' }))),
      event: (event) => onEvent(ws, stream, event),
      closed: () => {
        if (parts.current.ws !== ws) return;
        dispatch({ type: 'closed' });
        teardown();
      },
    });
    parts.current = { ws, stream, player, muted: false };
  }, [characterId, conversationId, onEvent, teardown]);

  const hangUp = useCallback(() => {
    const ws = parts.current.ws;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hang-up' }));
    dispatch({ type: 'hang-up' });
    teardown();
  }, [teardown]);

  useEffect(() => teardown, [teardown]);

  return { state, start, hangUp };
}
