// The one wire format for errors (ARCHITECTURE.md, "The contract").
import { z } from 'zod';

export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'CSRF_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  /** 402: the action would pass the user's own daily or monthly coin cap; `details` is `{ cap, spent, period }`. */
  'SPENDING_CAP',
  'CARD_DECLINED',
  'MEMBERSHIP_REQUIRED',
  'NO_LONGER_SUPPORTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'NOT_CONFIGURED',
  'EMAIL_NOT_VERIFIED',
  /** Changing e-mail or username needs the current password (or a fresh Google sign-in); `details.method` says which. */
  'REAUTH_REQUIRED',
  /** An e-mailed link replaced by a newer one (after "Resend"). */
  'TOKEN_SUPERSEDED',
  /** The blocked-content policy refused the content; `details` is `{ rule, field }` (never the text). */
  'CONTENT_BLOCKED',
  /** Sign-in refused: a moderator suspended the account (the message says how to ask for a review). */
  'ACCOUNT_SUSPENDED',
  /** Sign-in refused during the undo period of an account deletion (`details.deletionDueAt`; the message names /keep-account). */
  'ACCOUNT_DELETION_SCHEDULED',
  /** A character hidden by moderators stays private until they restore it. */
  'MODERATION_HOLD',
  /** 403: NSFW content where the operator's rules require age assurance and the account has not passed it. */
  'AGE_ASSURANCE_REQUIRED',
  'INTERNAL',
  'UNAVAILABLE',
  /** The database is not answering (an outage): nothing was changed; the request may be retried after `Retry-After`. */
  'DATABASE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Machine-readable facts about an error, e.g. `{ cost, balance }` on 402 or `{ rule, field }` on 422. */
export const ErrorDetails = z.record(z.string(), z.unknown());
export type ErrorDetails = z.infer<typeof ErrorDetails>;

export const ErrorResponse = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: ErrorDetails.optional() }),
    message: z.string(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** 402: the action costs more coins than the balance holds. */
export const PaymentRequiredDetails = z.object({ cost: z.number().int(), balance: z.number().int() });
export type PaymentRequiredDetails = z.infer<typeof PaymentRequiredDetails>;

/** 402 SPENDING_CAP: the cap that refused, the coins spent in its period (without this action) and which period. */
export const SpendingCapDetails = z.object({ cap: z.number().int(), spent: z.number().int(), period: z.enum(['day', 'month']) });
export type SpendingCapDetails = z.infer<typeof SpendingCapDetails>;

/** 403 MEMBERSHIP_REQUIRED: the caller's tier lacks a permission; `requiredTier` is the lowest tier that has it. */
export const MembershipRequiredDetails = z.object({ permission: z.string(), requiredTier: z.string() });
export type MembershipRequiredDetails = z.infer<typeof MembershipRequiredDetails>;

/** 402 CARD_DECLINED: the card processor refused the payment (no coins involved). */
export const CardDeclinedDetails = z.object({ declineCode: z.string() });

/**
 * One reason a text was refused by the blocked-content policy: the rule (a policy rule id, or for minors the layer:
 * `stated-age-under-18`, `minor-life-stage`, `minor-body`, `sexual-content`), the field, and the span it matched
 * (`start`/`end` in the field as sent; the field "earlier in this conversation" names a cue set by an earlier message).
 */
export const ContentProblem = z.object({
  field: z.string(),
  rule: z.string(),
  span: z.string(),
  start: z.number().int(),
  end: z.number().int(),
});
export type ContentProblem = z.infer<typeof ContentProblem>;

/**
 * 422: content refused by a moderation or validation rule; `field` names the input that broke it. CONTENT_BLOCKED
 * also carries `problems`: every problem of every field at once (`rule`/`field` stay for older clients: the first),
 * and `refusalId` when the refused text was the caller's own (what a review request cites).
 */
export const UnprocessableDetails = z.object({
  rule: z.string(),
  field: z.string().optional(),
  problems: z.array(ContentProblem).optional(),
  /** The kept refusal of the caller's own text that "Ask for review" cites (CONTENT_BLOCKED). */
  refusalId: z.string().optional(),
});
export type UnprocessableDetails = z.infer<typeof UnprocessableDetails>;

/** The text a 401 carries for a bad, expired or revoked access token; the client reloads on it (product.md §4). */
export { INVALID_TOKEN_MESSAGE } from './constants.ts';

/** The message of a TOKEN_SUPERSEDED error, for the browser to show as is. */
export const TOKEN_SUPERSEDED_MESSAGE = 'This link was replaced by a newer one. Use the latest e-mail we sent.';
