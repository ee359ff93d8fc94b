// Web Push: the devices that receive pushes (one browser subscription each), what may push, and quiet hours in the
// user's own time zone (docs/notifications.md#push).
import { z } from 'zod';
import { text } from './text.ts';

/** What may push, each a switch in Settings; the server maps notification kinds onto these (push-topics.ts). */
export const PushTopic = z.enum(['images', 'followers', 'support', 'characters', 'replies']);
export type PushTopic = z.infer<typeof PushTopic>;
export const PUSH_TOPICS = PushTopic.options;

/** How many devices one account may register; the oldest unused one makes room for a new one. */
export const PUSH_DEVICES_MAX = 10;

/** An IANA time zone name the runtime knows (`Europe/Paris`), as the browser reports it. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const LocalTime = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day such as 22:00' });

export const QuietHours = z
  .object({
    /** Local times `HH:MM`; a start after the end spans midnight (22:00–07:00). */
    start: LocalTime,
    end: LocalTime,
    timeZone: text({ max: 64, min: 1, tooShort: 'Choose a time zone' }).refine(isTimeZone, {
      message: 'is not a time zone this server knows (e.g. Europe/Paris)',
    }),
  })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must start and end at different times', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHours>;

export const PushSettings = z
  .object({
    topics: z.object({ images: z.boolean(), followers: z.boolean(), support: z.boolean(), characters: z.boolean(), replies: z.boolean() }),
    /** Null: pushes at any hour. */
    quietHours: QuietHours.nullable(),
  })
  .meta({ id: 'PushSettings' });
export type PushSettings = z.infer<typeof PushSettings>;

export const UpdatePushSettingsBody = z
  .object({
    topics: z
      .object({ images: z.boolean(), followers: z.boolean(), support: z.boolean(), characters: z.boolean(), replies: z.boolean() })
      .partial()
      .strict()
      .optional(),
    quietHours: QuietHours.nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdatePushSettingsBody' });
export type UpdatePushSettingsBody = z.infer<typeof UpdatePushSettingsBody>;

/** The public half of the server's VAPID key pair (base64url), for `pushManager.subscribe`. */
export const PushConfig = z.object({ publicKey: z.string() }).meta({ id: 'PushConfig' });
export type PushConfig = z.infer<typeof PushConfig>;

const base64url = (max: number, what: string) =>
  text({ max, min: 1, trim: false, tooShort: `${what} is missing` }).regex(/^[A-Za-z0-9_-]+=*$/, {
    message: `${what} must be base64url`,
  });

/** What `PushSubscription.toJSON()` gives, plus a name for the device list. */
export const SubscribePushBody = z
  .object({
    endpoint: text({ max: 1000, min: 1, trim: false, tooShort: 'The push endpoint is missing' }).regex(/^https?:\/\/[^\s/]+\/\S*$/, {
      message: 'must be the push service URL the browser gave',
    }),
    keys: z.object({ p256dh: base64url(200, 'The device key'), auth: base64url(64, 'The auth secret') }),
    /** "Firefox on Android": shown in the device list. */
    label: text({ max: 80 }).optional(),
  })
  .meta({ id: 'SubscribePushBody' });
export type SubscribePushBody = z.input<typeof SubscribePushBody>;

export const PushDevice = z
  .object({
    id: z.uuid(),
    label: z.string(),
    /** The push service's address for this browser (the page compares it with its own to say "this device"). */
    endpoint: z.string(),
    createdAt: z.string(),
    lastPushAt: z.string().nullable(),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDevicesResponse = z.object({ items: z.array(PushDevice) }).meta({ id: 'PushDevicesResponse' });
export type PushDevicesResponse = z.infer<typeof PushDevicesResponse>;

/** The service worker saying a push was opened: the notification's id and the token the push carried. */
export const PushOpenedBody = z
  .object({ id: z.uuid({ message: 'must be a valid id' }), token: base64url(100, 'The token') })
  .meta({ id: 'PushOpenedBody' });

/** What a push carries (encrypted for the device; the push service sees none of it). */
export const PushPayload = z.object({
  notificationId: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** An app path opened on click. */
  link: z.string(),
  imageUrl: z.string().nullable(),
  /** Proves to POST /api/push/opened which notification this was (no session in the service worker). */
  readToken: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
