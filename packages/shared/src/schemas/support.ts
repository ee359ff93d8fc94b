// Support tickets (a user and the support team, in a thread) and content-removal requests (anyone, signed in or not).
import { z } from 'zod';
import { PageQuery, pageOf } from './characters.ts';
import { text } from './text.ts';
import { Email } from './users.ts';

export const TicketCategory = z.enum(['account', 'billing', 'technical', 'content', 'safety', 'other'], {
  message: 'category must be account, billing, technical, content, safety or other',
});
export type TicketCategory = z.infer<typeof TicketCategory>;

/** open: waiting for the support team · waiting: the team answered, waiting for you · resolved · closed (no more replies). */
export const TicketStatus = z.enum(['open', 'waiting', 'resolved', 'closed'], {
  message: 'status must be open, waiting, resolved or closed',
});
export type TicketStatus = z.infer<typeof TicketStatus>;

export const MAX_TICKET_MESSAGE = 5000;

export const TicketMessageText = text({
  min: 2,
  max: MAX_TICKET_MESSAGE,
  multiline: true,
  required: 'message is required',
  tooShort: 'Write a message',
  tooLong: `Messages can be at most ${MAX_TICKET_MESSAGE} characters`,
});

export const CreateTicketBody = z.object({
  subject: text({
    min: 3,
    max: 120,
    required: 'subject is required',
    tooShort: 'The subject needs at least 3 characters',
    tooLong: 'The subject can be at most 120 characters',
  }),
  category: TicketCategory,
  message: TicketMessageText,
});
export type CreateTicketBody = z.input<typeof CreateTicketBody>;

export const TicketReplyBody = z.object({ message: TicketMessageText });
export type TicketReplyBody = z.input<typeof TicketReplyBody>;

export const TicketsQuery = PageQuery.extend({ status: TicketStatus.optional() });
export type TicketsQuery = z.input<typeof TicketsQuery>;

export const TicketSummary = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    category: TicketCategory,
    status: TicketStatus,
    /** Who wrote last: the user, or the support team. */
    lastReplyBy: z.enum(['user', 'staff']),
    messageCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof TicketSummary>;

export const TicketMessage = z
  .object({
    id: z.uuid(),
    /** `staff` messages are signed "Reverie Support": moderators' accounts are never shown to users. */
    author: z.enum(['user', 'staff']),
    authorName: z.string(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof TicketMessage>;

export const TicketDetail = TicketSummary.extend({ messages: z.array(TicketMessage) }).meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof TicketDetail>;

export const TicketsPage = pageOf(TicketSummary).meta({ id: 'TicketsPage' });
export type TicketsPage = z.infer<typeof TicketsPage>;

export const RemovalReason = z.enum(['copyright', 'likeness', 'underage', 'non_consensual', 'other'], {
  message: 'reason must be copyright, likeness, underage, non_consensual or other',
});
export type RemovalReason = z.infer<typeof RemovalReason>;

export const REMOVAL_REASON_LABELS: Record<RemovalReason, string> = {
  copyright: 'DMCA / copyright',
  likeness: 'Likeness of a real person',
  underage: 'Underage concern',
  non_consensual: 'Non-consensual content',
  other: 'Other',
};

/** The statement a copyright request must confirm (17 U.S.C. 512(c)(3)(A)(v)–(vi)), shown beside the checkbox. */
export const SWORN_STATEMENT =
  'I have a good-faith belief that the use of the material is not authorised by the copyright owner, its agent or the law, and I swear, under penalty of perjury, that the information in this request is accurate and that I am the owner, or am authorised to act on behalf of the owner, of the right that is allegedly infringed.';

export const ContentRemovalBody = z.object({
  subjectUrl: text({ min: 1, max: 2000, required: 'subjectUrl is required', tooShort: 'Paste the address of the content' }),
  reason: RemovalReason,
  contactEmail: Email,
  /** Your full name; required for copyright requests (it is the electronic signature). */
  name: text({ max: 120, tooLong: 'The name can be at most 120 characters' }).optional(),
  details: text({
    min: 20,
    max: 5000,
    multiline: true,
    required: 'details is required',
    tooShort: 'Describe the content and why it should be removed (at least 20 characters)',
    tooLong: 'The description can be at most 5000 characters',
  }),
  /** Required (true) for copyright requests: the statement in SWORN_STATEMENT. */
  swornStatement: z.boolean().optional(),
});
export type ContentRemovalBody = z.input<typeof ContentRemovalBody>;

export const ContentRemovalResponse = z
  .object({
    /** The reference quoted in the acknowledgement mail, e.g. CR-7K3Q9MZD. */
    reference: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ContentRemovalResponse' });
export type ContentRemovalResponse = z.infer<typeof ContentRemovalResponse>;
