// Server-sent events in the contract: an SSE endpoint names its events and gives each one's data a schema
// (`Endpoint.events`), so the server writes only what a schema allows and clients decode by the same names.
import { z } from 'zod';

/** Event name → the schema of its `data` (JSON). */
export type StreamEvents = Readonly<Record<string, z.ZodType>>;

/** One event as a client receives it: `{ event, data }`, discriminated by `event`. */
export type StreamEvent<E extends StreamEvents> = {
  [K in keyof E & string]: { event: K; data: z.output<E[K]> };
}[keyof E & string];

/** What the server passes for event `K` (the schema's input). */
export type StreamEventData<E extends StreamEvents, K extends keyof E> = z.input<E[K]>;

/** Keeps the literal event names, so both sides can infer from the map. */
export function defineStreamEvents<const E extends StreamEvents>(events: E): E {
  return events;
}

/** The `error` event of a stream that fails after it opened: the same code and message as an error answer. */
export const StreamErrorEvent = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Decodes one received event (`{ event, data }` as the SSE parser gives it) by the endpoint's schemas: null for an
 * event the endpoint does not declare or data its schema refuses, which a client skips like an unknown event.
 */
export function decodeStreamEvent<E extends StreamEvents>(events: E, message: { event: string; data: string }): StreamEvent<E> | null {
  const schema = Object.hasOwn(events, message.event) ? events[message.event] : undefined;
  if (!schema) return null;
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? ({ event: message.event, data: parsed.data } as StreamEvent<E>) : null;
}
