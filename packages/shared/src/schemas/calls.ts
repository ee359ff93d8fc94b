// A call with a character (#42.4): one WebSocket that carries the user's utterances in and the character's voice out,
// turn by turn (docs/voice.md "Calls"). Binary frames are audio: client → server one recorded utterance (the same
// container and bounds as a hands-free upload), server → client one sentence of the reply as MP3. Text frames are the
// JSON messages below. Not an HTTP endpoint descriptor: a WebSocket has no request/response body to describe.
import { z } from 'zod';

/** The call's address for a one-to-one chat with a character (`?conversationId=` picks a conversation). */
export const CALL_PATH = '/api/chat/:characterId/call';
export const callPath = (characterId: string): string => CALL_PATH.replace(':characterId', encodeURIComponent(characterId));

/** The longest JSON message a client may send (an access token and a little more). */
export const CALL_MAX_TEXT_FRAME = 4096;

/** Client → server. `auth` comes first (a browser cannot put a bearer token on a WebSocket); then barge-in or hang-up. */
export const CallClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4000) }),
  /** The user started talking while the character speaks: the reply stops, queued speech is dropped. */
  z.object({ type: z.literal('barge-in') }),
  z.object({ type: z.literal('hang-up') }),
]);
export type CallClientMessage = z.infer<typeof CallClientMessage>;

/** What a call minute costs the caller now (the same shape as the other voice prices). */
export const CallCharge = z.object({ outcome: z.enum(['free', 'coins']), cost: z.number().int(), balance: z.number().int() });

/** Server → client. */
export const CallServerEvent = z.discriminatedUnion('type', [
  /** Authenticated and admitted: the first minute is charged and the server listens. */
  z.object({ type: z.literal('ready'), conversationId: z.string(), charge: CallCharge }),
  /** Another minute began (charged). */
  z.object({ type: z.literal('minute'), minute: z.number().int(), charge: CallCharge }),
  /** What the user said, after it passed the content policy (it is now a message of the chat). */
  z.object({ type: z.literal('transcript'), text: z.string(), messageId: z.string() }),
  /** Words of the reply as they come (checked by the policy before they are sent). */
  z.object({ type: z.literal('reply-text'), delta: z.string() }),
  /** The next binary frame is this sentence (0-based) of the reply, spoken. */
  z.object({ type: z.literal('audio-start'), sentence: z.number().int(), text: z.string(), bytes: z.number().int() }),
  /** The turn is over: the reply is saved (complete, or incomplete after a barge-in). */
  z.object({ type: z.literal('turn-end'), messageId: z.string().nullable(), status: z.string(), interrupted: z.boolean() }),
  /** Something went wrong; `fatal` ends the call (the socket closes after it). */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    fatal: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  /** The server ended the call (idle, hung up, shutting down). */
  z.object({ type: z.literal('ended'), reason: z.string() }),
]);
export type CallServerEvent = z.infer<typeof CallServerEvent>;
