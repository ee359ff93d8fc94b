// What a call screen shows, as a pure reducer over what happens (docs/voice.md "Calls"): the server's events, the
// microphone hearing the user, an utterance sent, the character's audio playing or done, the socket closing. No React,
// no browser: call-machine.test.ts drives it.
import type { CallServerEvent } from '@reverie/shared';

export type CallPhase = 'ready' | 'connecting' | 'listening' | 'hearing' | 'thinking' | 'speaking' | 'ended' | 'error';

export interface CallLine {
  who: 'you' | 'character';
  text: string;
  /** The user spoke over it: the character stopped here. */
  interrupted?: boolean;
}

export interface CallState {
  phase: CallPhase;
  lines: CallLine[];
  /** Why the call failed (a fatal error), in the server's sentence. */
  error: string | null;
  /** A passing problem (a turn refused, a recording too long): the call goes on. */
  notice: string | null;
  /** Utterances sent and not yet answered to their end (the server ends each with turn-end or an error). */
  pending: number;
  /** The character's audio is playing. */
  playing: boolean;
  /** Minutes begun (each charged as it begins). */
  minutes: number;
}

export type CallInput =
  | { type: 'dial' }
  | { type: 'server'; event: CallServerEvent }
  | { type: 'heard' }
  | { type: 'sent' }
  | { type: 'dropped' }
  | { type: 'playing'; on: boolean }
  | { type: 'hang-up' }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export const initialCall: CallState = {
  phase: 'ready',
  lines: [],
  error: null,
  notice: null,
  pending: 0,
  playing: false,
  minutes: 0,
};

const over = (s: CallState) => s.phase === 'ended' || s.phase === 'error';

/** Whether hearing the user now should stop the character: it is answering (thinking or speaking). */
export function shouldBargeIn(s: CallState): boolean {
  return s.phase === 'speaking' || (s.phase === 'thinking' && s.pending > 0);
}

/** After a turn or its audio ends: speaking while audio plays, else listening. */
const settle = (s: CallState): CallState => ({ ...s, phase: s.playing ? 'speaking' : s.pending > 0 ? 'thinking' : 'listening' });
const answered = (s: CallState): CallState => ({ ...s, pending: Math.max(0, s.pending - 1) });

function withReplyText(lines: CallLine[], delta: string): CallLine[] {
  const last = lines.at(-1);
  if (last?.who === 'character' && !last.interrupted) return [...lines.slice(0, -1), { ...last, text: last.text + delta }];
  return [...lines, { who: 'character', text: delta.trimStart() }];
}

function interruptLast(lines: CallLine[]): CallLine[] {
  const last = lines.at(-1);
  return last?.who === 'character' ? [...lines.slice(0, -1), { ...last, interrupted: true }] : lines;
}

function onServer(s: CallState, e: CallServerEvent): CallState {
  switch (e.type) {
    case 'ready':
      return { ...s, phase: 'listening', minutes: 1 };
    case 'minute':
      return { ...s, minutes: e.minute };
    case 'transcript':
      return {
        ...s,
        phase: s.phase === 'hearing' ? 'hearing' : 'thinking',
        notice: null,
        lines: [...s.lines, { who: 'you', text: e.text }],
      };
    case 'reply-text':
      return { ...s, lines: withReplyText(s.lines, e.delta) };
    case 'audio-start':
      return s.phase === 'hearing' ? s : { ...s, phase: 'speaking' };
    case 'turn-end': {
      const ended = answered({ ...s, lines: e.interrupted ? interruptLast(s.lines) : s.lines });
      return s.phase === 'hearing' ? ended : settle(ended);
    }
    case 'error':
      if (e.fatal) return { ...s, phase: 'error', error: e.message, pending: 0 };
      return s.phase === 'hearing' ? answered({ ...s, notice: e.message }) : settle(answered({ ...s, notice: e.message }));
    case 'ended':
      return s.phase === 'error' ? s : { ...s, phase: 'ended', pending: 0 };
  }
}

export function callReducer(s: CallState, input: CallInput): CallState {
  if (input.type === 'dial') return { ...initialCall, phase: 'connecting' };
  if (over(s)) return input.type === 'playing' ? { ...s, playing: input.on } : s;
  switch (input.type) {
    case 'server':
      return onServer(s, input.event);
    case 'heard':
      // Spoken over the character: its line is cut where it was.
      return { ...s, phase: 'hearing', playing: false, lines: shouldBargeIn(s) ? interruptLast(s.lines) : s.lines };
    case 'sent':
      return { ...s, phase: 'thinking', pending: s.pending + 1 };
    case 'dropped':
      return settle(s);
    case 'playing':
      return s.phase === 'hearing' ? { ...s, playing: input.on } : settle({ ...s, playing: input.on });
    case 'hang-up':
      return { ...s, phase: 'ended', pending: 0, playing: false };
    case 'failed':
      return { ...s, phase: 'error', error: input.message, pending: 0 };
    case 'closed':
      return s.phase === 'connecting'
        ? { ...s, phase: 'error', error: 'The call could not connect. Try again.' }
        : { ...s, phase: 'ended', pending: 0 };
  }
}

/** The words the screen says for each phase. */
export const PHASE_TEXT: Record<CallPhase, string> = {
  ready: 'Ready to call',
  connecting: 'Connecting…',
  listening: 'Listening',
  hearing: 'Hearing you…',
  thinking: 'Thinking…',
  speaking: 'Speaking…',
  ended: 'Call ended',
  error: 'The call stopped',
};
