import type { TicketCategory, TicketStatus } from '@reverie/shared';

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  account: 'Account and sign-in',
  billing: 'Coins, payments and memberships',
  technical: 'Something is not working',
  content: 'Characters, chats and images',
  safety: 'Safety or a report',
  other: 'Something else',
};

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  waiting: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** What each status means to the person who opened the ticket. */
export const STATUS_HINTS: Record<TicketStatus, string> = {
  open: 'The support team will answer here.',
  waiting: 'The support team answered. Reply if you need more help.',
  resolved: 'Marked as resolved. Reply to reopen it.',
  closed: 'This ticket is closed. Open a new ticket if you need more help.',
};
