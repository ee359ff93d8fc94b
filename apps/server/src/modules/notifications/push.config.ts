// Web Push settings (docs/configuration.md#push-notifications). Without VAPID_* the key pair is generated at first
// start and kept in DATA_DIR/secrets/vapid.json (push-keys.ts), like the other generated keys.
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error.ts';

/** The push services of Chrome/Edge/Samsung (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

export const PushEnvSchema = z.object({
  /** The VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them); both or neither. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services contact about this server's pushes: `mailto:…` or an `https:` URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { message: 'must be a mailto: address or an https: URL' })
    .optional(),
  /**
   * Comma-separated push services the server will send to: host names (their subdomains too, https only), or full
   * origins such as `http://127.0.0.1:9000` (a local push service in tests). Any other endpoint is refused.
   */
  PUSH_SERVICES: z.string().optional(),
});

export interface PushConfig {
  /** From VAPID_*; undefined: generated at first start under DATA_DIR. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /** Allowed push services: `https://` hosts by suffix, or exact origins. */
  services: { hosts: string[]; origins: string[] };
}

export function pushConfigFromEnv(e: z.infer<typeof PushEnvSchema>, publicUrl: string): PushConfig {
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new StartupError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither)');
  }
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined;
  const host = new URL(publicUrl).hostname;
  const subject = e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:push@${host}`);
  const entries = (e.PUSH_SERVICES?.split(',') ?? DEFAULT_PUSH_SERVICES).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const origins = entries.filter((s) => s.includes('://')).map((s) => new URL(s).origin);
  const hosts = entries.filter((s) => !s.includes('://'));
  return { vapid, subject, services: { hosts, origins } };
}

/** Whether the server may send to this endpoint (an allowed push service; never an address of the operator's own network). */
export function isAllowedEndpoint(endpoint: string, services: PushConfig['services']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (services.origins.includes(url.origin)) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && services.hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
