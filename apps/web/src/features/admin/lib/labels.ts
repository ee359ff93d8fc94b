import type { QueueKind, QueueStatus } from '@reverie/shared';

export const KIND_LABELS: Record<QueueKind, string> = {
  report: 'Report',
  removal_request: 'Removal request',
  blocked_content: 'Blocked content',
  ticket: 'Ticket',
};

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

/** Audit actions in words. */
export const ACTION_LABELS: Record<string, string> = {
  'content.hide': 'Hid content',
  'content.remove': 'Removed content',
  'content.restore': 'Restored content',
  'user.warn': 'Warned',
  'user.suspend': 'Suspended',
  'user.unsuspend': 'Lifted a suspension',
  'user.coins': 'Adjusted coins',
  'user.role': 'Changed a role',
  'ticket.reply': 'Answered a ticket',
  'ticket.status': 'Changed a ticket status',
  'queue.resolve': 'Resolved an item',
  'queue.dismiss': 'Dismissed an item',
  'removal.resolve': 'Settled a removal request',
};
