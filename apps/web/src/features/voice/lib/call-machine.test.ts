import type { CallServerEvent } from '@reverie/shared';
import { describe, expect, it } from 'vitest';
import { callReducer, initialCall, shouldBargeIn, type CallInput, type CallState } from './call-machine';

const charge = { outcome: 'free' as const, cost: 0, balance: 0 };
const server = (event: CallServerEvent): CallInput => ({ type: 'server', event });
const run = (inputs: CallInput[], from: CallState = initialCall) => inputs.reduce(callReducer, from);

const connected = run([{ type: 'dial' }, server({ type: 'ready', conversationId: 'c', charge })]);
/** One turn up to the character speaking its first sentence. */
const speaking = run(
  [
    { type: 'heard' },
    { type: 'sent' },
    server({ type: 'transcript', text: 'hello there', messageId: 'm1' }),
    server({ type: 'reply-text', delta: 'Hi. ' }),
    server({ type: 'audio-start', sentence: 0, text: 'Hi.', bytes: 10 }),
    { type: 'playing', on: true },
    server({ type: 'reply-text', delta: 'How are you?' }),
  ],
  connected,
);

describe('the call state machine', () => {
  it('connects, then listens, hears, thinks and speaks through a turn', () => {
    expect(run([{ type: 'dial' }]).phase).toBe('connecting');
    expect(connected).toMatchObject({ phase: 'listening', minutes: 1 });
    expect(run([{ type: 'heard' }], connected).phase).toBe('hearing');
    expect(run([{ type: 'heard' }, { type: 'sent' }], connected)).toMatchObject({ phase: 'thinking', pending: 1 });
    expect(speaking).toMatchObject({ phase: 'speaking', pending: 1 });
    expect(speaking.lines).toEqual([
      { who: 'you', text: 'hello there' },
      { who: 'character', text: 'Hi. How are you?' },
    ]);
  });

  it('keeps speaking after the turn ends until the audio is done, then listens', () => {
    const ended = run([server({ type: 'turn-end', messageId: 'r1', status: 'complete', interrupted: false })], speaking);
    expect(ended).toMatchObject({ phase: 'speaking', pending: 0 });
    expect(run([{ type: 'playing', on: false }], ended).phase).toBe('listening');
  });

  it('barge-in: hearing the user while the character speaks cuts its line, and the next turn follows', () => {
    expect(shouldBargeIn(speaking)).toBe(true);
    expect(shouldBargeIn(connected)).toBe(false);
    const heard = run([{ type: 'heard' }], speaking);
    expect(heard).toMatchObject({ phase: 'hearing', playing: false });
    expect(heard.lines.at(-1)).toEqual({ who: 'character', text: 'Hi. How are you?', interrupted: true });
    // The stopped turn ends while the user still speaks: still hearing; their words then start the next turn.
    const stopped = run([server({ type: 'turn-end', messageId: 'r1', status: 'incomplete', interrupted: true })], heard);
    expect(stopped).toMatchObject({ phase: 'hearing', pending: 0 });
    const next = run([{ type: 'sent' }, server({ type: 'transcript', text: 'wait', messageId: 'm2' })], stopped);
    expect(next).toMatchObject({ phase: 'thinking', pending: 1 });
    // A new reply starts a new line, not the cut one.
    expect(run([server({ type: 'reply-text', delta: 'Yes?' })], next).lines.at(-1)).toEqual({ who: 'character', text: 'Yes?' });
  });

  it('does not barge in while only listening or before anything was sent', () => {
    expect(shouldBargeIn(run([{ type: 'heard' }], connected))).toBe(false);
    expect(shouldBargeIn(run([{ type: 'dial' }]))).toBe(false);
  });

  it('a refused turn is a notice and the call listens again; a fatal error ends it with its sentence', () => {
    const refused = run(
      [{ type: 'sent' }, server({ type: 'error', code: 'CONTENT_BLOCKED', message: 'That cannot be said here.', fatal: false })],
      connected,
    );
    expect(refused).toMatchObject({ phase: 'listening', notice: 'That cannot be said here.', pending: 0 });
    const failed = run(
      [server({ type: 'error', code: 'UNAVAILABLE', message: 'The voice failed.', fatal: true }), { type: 'closed' }],
      connected,
    );
    expect(failed).toMatchObject({ phase: 'error', error: 'The voice failed.' });
    // Nothing after the end changes it.
    expect(run([{ type: 'heard' }, server({ type: 'ready', conversationId: 'c', charge })], failed).phase).toBe('error');
  });

  it('counts minutes, ends on hang-up or the server ending, and a socket closed while connecting is an error', () => {
    expect(run([server({ type: 'minute', minute: 2, charge })], connected).minutes).toBe(2);
    expect(run([{ type: 'hang-up' }], speaking)).toMatchObject({ phase: 'ended', pending: 0 });
    expect(run([server({ type: 'ended', reason: 'idle' })], connected).phase).toBe('ended');
    expect(run([{ type: 'dial' }, { type: 'closed' }])).toMatchObject({ phase: 'error', error: 'The call could not connect. Try again.' });
  });
});
