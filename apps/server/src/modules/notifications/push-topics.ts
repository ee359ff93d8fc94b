// Which notifications may push, and under which Settings switch: one line per kind. A kind missing here never pushes
// (likes, payments, moderation… stay in the bell and the digest mail). docs/notifications.md#push lists them.
import type { NotificationKind, PushTopic } from '@reverie/shared';

export const PUSH_TOPIC_OF: Partial<Record<NotificationKind, PushTopic>> = {
  image_ready: 'images',
  follower: 'followers',
  ticket_reply: 'support',
  character_message: 'characters',
  reply_ready: 'replies',
};

/** The switch a notification of this kind is pushed under, or undefined when it never pushes. */
export function pushTopicOf(kind: string): PushTopic | undefined {
  return Object.hasOwn(PUSH_TOPIC_OF, kind) ? PUSH_TOPIC_OF[kind as NotificationKind] : undefined;
}
