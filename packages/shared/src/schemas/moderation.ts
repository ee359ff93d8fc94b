// Reports by users, the one moderation queue (reports, removal requests, blocked-content events, tickets), the
// actions moderators take, and the append-only audit log of those actions.
import { z } from 'zod';
import { IdempotencyKey } from './auth.ts';
import { PageQuery, pageOf } from './characters.ts';
import { BoolParam } from './notifications.ts';
import { RemovalReason, TicketDetail, TicketMessageText, TicketStatus } from './support.ts';
import { text } from './text.ts';
import { UserRole } from './users.ts';

export const ReportSubjectType = z.enum(['character', 'image', 'message', 'user'], {
  message: 'subjectType must be character, image, message or user',
});
export type ReportSubjectType = z.infer<typeof ReportSubjectType>;

export const ReportReason = z.enum(['underage', 'non_consensual', 'real_person', 'hate_or_violence', 'spam', 'copyright', 'other'], {
  message: 'Choose a reason',
});
export type ReportReason = z.infer<typeof ReportReason>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  underage: 'Involves a minor',
  non_consensual: 'Non-consensual content',
  real_person: 'Depicts a real person',
  hate_or_violence: 'Hate or violence',
  spam: 'Spam or scam',
  copyright: 'Copyright',
  other: 'Something else',
};

export const CreateReportBody = z.object({
  subjectType: ReportSubjectType,
  subjectId: z.uuid({ message: 'subjectId must be a valid id' }),
  reason: ReportReason,
  note: text({ max: 1000, multiline: true, tooLong: 'The note can be at most 1000 characters' }).optional(),
});
export type CreateReportBody = z.input<typeof CreateReportBody>;

export const CreateReportResponse = z.object({ id: z.uuid(), message: z.string() }).meta({ id: 'CreateReportResponse' });

// ---- Ask for review (a blocked text) ---------------------------------------------------------------------------

/** Where the refused text was written. */
export const ReviewSurface = z.enum(['character', 'chat-user', 'image-prompt', 'profile'], {
  message: 'surface must be character, chat-user, image-prompt or profile',
});
export type ReviewSurface = z.infer<typeof ReviewSurface>;

/**
 * "Ask for review": the author of a refused card, message or prompt asks a moderator to look. Names the refusal
 * (`refusalId` from the 422's details: only a refusal of the caller's own text, once), with the problems the 422
 * listed (their words are checked against the refusal) and an optional note; the moderator sees them in the queue.
 */
export const ReviewRequestBody = z.object({
  refusalId: z.uuid({ message: 'refusalId must be the id of the refusal, as the refusal gave it' }),
  surface: ReviewSurface,
  problems: z
    .array(
      z.object({
        field: text({ max: 80, tooLong: 'A field name can be at most 80 characters' }),
        rule: text({ max: 40, tooLong: 'A rule name can be at most 40 characters' }),
        span: text({ max: 300, multiline: true, trim: false, tooLong: 'A span can be at most 300 characters' }),
      }),
    )
    .min(1, { message: 'Send the problems the refusal listed' })
    .max(20, { message: 'At most 20 problems' }),
  /** The character the card or chat belongs to, when there is one (must be the caller's to see). */
  characterId: z.uuid({ message: 'characterId must be a valid id' }).optional(),
  note: text({ max: 1000, multiline: true, tooLong: 'The note can be at most 1000 characters' }).optional(),
});
export type ReviewRequestBody = z.input<typeof ReviewRequestBody>;
export const ReviewRequestResponse = z.object({ id: z.uuid(), message: z.string() }).meta({ id: 'ReviewRequestResponse' });

// ---- The queue -------------------------------------------------------------------------------------------------

export const QueueKind = z.enum(['report', 'removal_request', 'blocked_content', 'ticket'], {
  message: 'kind must be report, removal_request, blocked_content or ticket',
});
export type QueueKind = z.infer<typeof QueueKind>;

export const QueueStatus = z.enum(['open', 'resolved', 'dismissed'], { message: 'status must be open, resolved or dismissed' });
export type QueueStatus = z.infer<typeof QueueStatus>;

export const SubjectType = z.enum(['character', 'image', 'message', 'user'], {
  message: 'subjectType must be character, image, message or user',
});
export type SubjectType = z.infer<typeof SubjectType>;

export const QueueQuery = PageQuery.extend({
  status: z.enum(['open', 'resolved', 'dismissed', 'all'], { message: 'status must be open, resolved, dismissed or all' }).default('open'),
  kind: QueueKind.optional(),
  /** Only high-priority items (minors, non-consensual content). */
  highOnly: BoolParam,
});
export type QueueQuery = z.input<typeof QueueQuery>;

export const StaffUserRef = z.object({ id: z.uuid(), username: z.string() });

export const SubjectRef = z.object({
  type: SubjectType,
  id: z.uuid(),
  /** A name to show (character name, username, "message in a chat with Aria"). */
  label: z.string(),
  /** An app path to open it, when it has a page. */
  url: z.string().nullable(),
});
export type SubjectRef = z.infer<typeof SubjectRef>;

export const QueueItem = z
  .object({
    id: z.uuid(),
    kind: QueueKind,
    status: QueueStatus,
    priority: z.enum(['high', 'normal']),
    title: z.string(),
    subject: SubjectRef.nullable(),
    /** The account the subject belongs to (or the account a blocked attempt came from). */
    owner: StaffUserRef.nullable(),
    /** Repeats folded into this item (blocked attempts of one account under one rule). */
    count: z.number().int(),
    /**
     * Blocked content: why it was refused (rule or layer, field; the matched span only when the author asked for a
     * review, since automatic blocks never keep the text). Empty for other kinds.
     */
    problems: z.array(z.object({ field: z.string(), rule: z.string(), span: z.string().nullable() })),
    /** The author asked for this block to be reviewed ("Ask for review"), with their note. */
    reviewRequested: z.boolean(),
    note: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItem>;

export const QueuePage = pageOf(QueueItem)
  .extend({ openCounts: z.record(z.string(), z.number().int()) })
  .meta({ id: 'QueuePage' });
export type QueuePage = z.infer<typeof QueuePage>;

export const AuditEntry = z
  .object({
    id: z.uuid(),
    actor: StaffUserRef.nullable(),
    actorRole: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    targetLabel: z.string().nullable(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** What moderators see of the reported thing: enough to decide, rendered as text. */
export const SubjectContext = z.object({
  ref: SubjectRef,
  /** Gone (deleted, or never existed). */
  missing: z.boolean(),
  /** Short facts, in order: ("Visibility", "public"), ("NSFW", "yes")… */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /** The text in question (character description, the message as reported), cut to a few thousand characters. */
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Moderation state of content: hidden by moderators, removed by moderators. */
  moderation: z.object({ hidden: z.boolean(), removed: z.boolean(), hold: z.string().nullable() }).nullable(),
  /** Characters: whether chatting with it needs a membership with premium characters (set by administrators). */
  premium: z.boolean().optional(),
});
export type SubjectContext = z.infer<typeof SubjectContext>;

export const AccountSummary = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    role: UserRole,
    coins: z.number().int(),
    tier: z.string(),
    emailVerified: z.boolean(),
    suspendedAt: z.string().nullable(),
    suspensionReason: z.string().nullable(),
    warnings: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AccountSummary' });
export type AccountSummary = z.infer<typeof AccountSummary>;

export const ReportFacts = z.object({
  reason: ReportReason,
  note: z.string().nullable(),
  /** What the reporter saw when reporting (a message's text, a character's name and tagline). */
  snapshot: z.string().nullable(),
  reporter: StaffUserRef.nullable(),
});

export const RemovalRequestFacts = z.object({
  /** For POST /api/admin/removal-requests/{id}/resolve. */
  id: z.uuid(),
  reference: z.string(),
  subjectUrl: z.string(),
  reason: RemovalReason,
  contactEmail: z.string(),
  name: z.string().nullable(),
  details: z.string(),
  swornStatement: z.boolean(),
  outcome: z.string().nullable(),
});

/** Blocked-content facts; null on a review request the author sent (it carries problems instead). */
export const BlockedFacts = z.object({
  rule: z.string().nullable(),
  field: z.string().nullable(),
  surface: z.string().nullable(),
  policyVersion: z.string().nullable(),
});

export const QueueItemDetail = QueueItem.extend({
  report: ReportFacts.nullable(),
  removalRequest: RemovalRequestFacts.nullable(),
  blocked: BlockedFacts.nullable(),
  ticket: TicketDetail.nullable(),
  context: SubjectContext.nullable(),
  ownerAccount: AccountSummary.nullable(),
  /** Earlier actions on the subject or its owner, newest first. */
  history: z.array(AuditEntry),
  /** Other items about the same subject. */
  related: z.array(QueueItem),
}).meta({ id: 'QueueItemDetail' });
export type QueueItemDetail = z.infer<typeof QueueItemDetail>;

// ---- Actions ---------------------------------------------------------------------------------------------------

/** Why: every action carries one, shown in the audit log (and, for decisions about content, to its owner). */
export const ActionReason = text({
  min: 3,
  max: 500,
  multiline: true,
  required: 'reason is required',
  tooShort: 'Give a reason (at least 3 characters)',
  tooLong: 'The reason can be at most 500 characters',
});

export const ContentActionParams = z.object({ subjectType: z.enum(['character', 'image']), subjectId: z.uuid() });
export const ContentActionBody = z.object({
  action: z.enum(['hide', 'remove', 'restore']),
  reason: ActionReason,
  /** The queue item this decision settles (resolved with the action). */
  queueItemId: z.uuid().optional(),
});
export type ContentActionBody = z.input<typeof ContentActionBody>;

export const UserActionBody = z.object({
  action: z.enum(['warn', 'suspend', 'unsuspend']),
  reason: ActionReason,
  queueItemId: z.uuid().optional(),
});
export type UserActionBody = z.input<typeof UserActionBody>;

export const ResolveQueueBody = z.object({
  resolution: z.enum(['resolved', 'dismissed']),
  reason: ActionReason,
});
export type ResolveQueueBody = z.input<typeof ResolveQueueBody>;

export const RemovalOutcome = z.enum(['removed', 'rejected', 'no_action']);
export const ResolveRemovalBody = z.object({ outcome: RemovalOutcome, reason: ActionReason });
export type ResolveRemovalBody = z.input<typeof ResolveRemovalBody>;

export const StaffTicketReplyBody = z.object({
  message: TicketMessageText,
  /** The ticket's status after the reply (default waiting: the user's turn). */
  status: z.enum(['waiting', 'resolved', 'closed']).default('waiting'),
});
export type StaffTicketReplyBody = z.input<typeof StaffTicketReplyBody>;

export const TicketStatusBody = z.object({ status: TicketStatus, reason: ActionReason });

export const CoinsAdjustBody = z.object({
  /** Coins to add (positive) or take away (negative); never zero. */
  delta: z
    .number({ message: 'delta must be a number' })
    .int('delta must be a whole number')
    .min(-100_000, 'At most 100,000 coins at a time')
    .max(100_000, 'At most 100,000 coins at a time')
    .refine((n) => n !== 0, 'delta cannot be 0'),
  reason: ActionReason,
});
export type CoinsAdjustBody = z.input<typeof CoinsAdjustBody>;
export const RequiredIdempotencyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey });

export const RoleBody = z.object({ role: UserRole, reason: ActionReason });

/** Premium characters are a platform decision: only administrators set the flag (creators cannot). */
export const CharacterPremiumBody = z.object({
  premium: z.boolean({ message: 'premium must be true or false' }),
  reason: ActionReason,
});
export type CharacterPremiumBody = z.input<typeof CharacterPremiumBody>;

export const ActionResult = z.object({ message: z.string(), auditId: z.uuid() }).meta({ id: 'ActionResult' });
export type ActionResult = z.infer<typeof ActionResult>;

export const CoinsAdjustResult = ActionResult.extend({ balance: z.number().int(), applied: z.boolean() });

export const AdminUsersQuery = PageQuery.extend({
  q: text({ max: 120 }).optional(),
  suspendedOnly: BoolParam,
});
export const AdminUsersPage = pageOf(AccountSummary).meta({ id: 'AdminUsersPage' });

export const AdminUserDetail = z
  .object({
    account: AccountSummary,
    history: z.array(AuditEntry),
    openItems: z.array(QueueItem),
    /** Characters the account owns that moderators hold (hidden or removed). */
    heldCharacters: z.array(SubjectRef),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const AuditQuery = PageQuery.extend({
  targetId: text({ max: 64 }).optional(),
  actorId: z.uuid().optional(),
});
export const AuditPage = pageOf(AuditEntry).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

/** The crisis protocol's yearly report (admins): counts only, never accounts or words. */
export const CrisisReportQuery = z.object({
  year: z.coerce
    .number({ message: 'year must be a number' })
    .int('year must be a whole number')
    .min(2020, 'year must be 2020 or later')
    .max(2100, 'year must be 2100 or earlier')
    .optional(),
});
export const CrisisReport = z
  .object({
    year: z.number().int(),
    total: z.number().int(),
    /** Per month (YYYY-MM), country (`ZZ`: unknown), language and the layer that noticed (lexicon or judge). */
    rows: z.array(
      z.object({
        month: z.string(),
        region: z.string(),
        language: z.string(),
        detectedBy: z.enum(['lexicon', 'judge']),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CrisisReport' });
export type CrisisReport = z.infer<typeof CrisisReport>;
