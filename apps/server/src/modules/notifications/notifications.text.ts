// The words of a notification, built when it is read from what the event recorded (names copied at the time).
import { plainLine, type NotificationKind } from '@reverie/shared';
import type { NotificationData } from './notifications.repo.ts';

export interface NotificationText {
  title: string;
  body: string | null;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' && v ? v : fallback);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** The most of a reply a notification shows. */
const EXCERPT_CHARS = 140;
/** What an event records of a reply: room for markers and spaces that do not show. */
export const EXCERPT_RECORDED = 2 * EXCERPT_CHARS;

/**
 * A reply's opening words as a notification shows them: plain text on one line (no *action* asterisks or other
 * markdown, which a panel or a phone's notification would print as they are), cut at a word with "…" past
 * EXCERPT_CHARS. The event records more (EXCERPT_RECORDED), so the cut falls on words, not markers.
 */
function replyExcerpt(v: unknown): string | null {
  const plain = plainLine(str(v));
  if (plain.length <= EXCERPT_CHARS) return plain || null;
  const cut = plain.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

const coins = (n: number) => `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n.toLocaleString('en-US')} ${many}`);

const MEMBERSHIP: Record<string, (plan: string, d: NotificationData) => NotificationText> = {
  started: (plan) => ({ title: `Your ${plan} membership is active`, body: 'Thank you! Your perks apply now.' }),
  renewed: (plan) => ({ title: `Your ${plan} membership renewed`, body: 'A new membership period has started.' }),
  changed: (plan) => ({ title: `Your membership is now ${plan}`, body: null }),
  canceling: (plan, d) => ({
    title: `Your ${plan} membership will end`,
    body: d.endsAt ? `It stays active until ${new Date(str(d.endsAt)).toUTCString().slice(5, 16)}.` : null,
  }),
  resumed: (plan) => ({ title: `Your ${plan} membership will continue`, body: 'The scheduled cancellation was undone.' }),
  past_due: (plan) => ({ title: `We could not renew your ${plan} membership`, body: 'Update your card to keep your perks.' }),
  ended: (plan) => ({ title: `Your ${plan} membership has ended`, body: 'You are on the free plan now.' }),
};

const PAYMENT: Record<string, (d: NotificationData) => NotificationText> = {
  coins_added: (d) => ({ title: `${coins(num(d.coins))} added to your balance`, body: 'Thank you for your purchase.' }),
  refunded: (d) => ({
    title: 'A payment was refunded',
    body: num(d.coins) > 0 ? `${coins(num(d.coins))} were taken back from your balance.` : null,
  }),
  disputed: (d) => ({
    title: 'A payment is disputed',
    body: num(d.coins) > 0 ? `${coins(num(d.coins))} are held back until the dispute is settled.` : null,
  }),
  admin_credit: (d) => ({ title: `The Reverie team added ${coins(num(d.coins))}`, body: str(d.reason) || null }),
  admin_debit: (d) => ({ title: `The Reverie team removed ${coins(num(d.coins))}`, body: str(d.reason) || null }),
  dispute_won: (d) => ({ title: 'A payment dispute was settled', body: num(d.coins) > 0 ? `${coins(num(d.coins))} were returned.` : null }),
};

const MODERATION: Record<string, (name: string, d: NotificationData) => NotificationText> = {
  hidden: (name, d) => ({
    title: `Moderators hid ${name}`,
    body: `Reason: ${str(d.reason, 'not given')}. It stays private until they restore it.`,
  }),
  removed: (name, d) => ({ title: `Moderators removed ${name}`, body: `Reason: ${str(d.reason, 'not given')}.` }),
  restored: (name) => ({ title: `${name} was restored`, body: 'Moderators reviewed it again; it is back as it was.' }),
  warned: (_name, d) => ({
    title: 'A warning from the moderators',
    body: `${str(d.reason, 'Please review the community guidelines.')} Further breaches can lead to suspension.`,
  }),
  unsuspended: () => ({ title: 'Your account is active again', body: 'Moderators lifted the suspension.' }),
};

export function notificationText(kind: NotificationKind, data: NotificationData, count: number): NotificationText {
  switch (kind) {
    case 'follower':
      return { title: `${str(data.followerName, 'Someone')} started following you`, body: null };
    case 'likes':
      return { title: `${str(data.characterName, 'Your character')} got ${plural(count, 'a new like', 'new likes')}`, body: null };
    case 'new_character':
      return {
        title: `${str(data.creatorName, 'A creator you follow')} published ${str(data.characterName, 'a new character')}`,
        body: str(data.tagline) || null,
      };
    case 'ticket_reply':
      return { title: `Support replied to “${str(data.subject, 'your ticket')}”`, body: str(data.excerpt) || null };
    case 'payment':
      return (PAYMENT[str(data.event)] ?? (() => ({ title: 'Payment update', body: null })))(data);
    case 'membership':
      return (MEMBERSHIP[str(data.event)] ?? (() => ({ title: 'Membership update', body: null })))(str(data.plan, 'Your'), data);
    case 'monthly_coins':
      if (data.claimed === true) return { title: `You claimed your ${coins(num(data.coins))} for this month`, body: null };
      return { title: `Your ${coins(num(data.coins))} for this month are ready`, body: 'Claim them on the Coins page.' };
    case 'image_ready': {
      const subject = str(data.characterName) ? ` of ${str(data.characterName)}` : '';
      if (data.status === 'failed') {
        return { title: `Your picture${subject} could not be made`, body: str(data.error) || 'Nothing was charged; try again.' };
      }
      const n = Math.max(count, num(data.images) || 1);
      return { title: n === 1 ? `Your image${subject} is ready` : `${n} images${subject} are ready`, body: null };
    }
    case 'moderation':
      return (MODERATION[str(data.action)] ?? (() => ({ title: 'A moderation decision', body: str(data.reason) || null })))(
        str(data.subjectName, 'your content'),
        data,
      );
    case 'account_export':
      return data.status === 'failed'
        ? { title: 'Your data export could not be made', body: str(data.error) || 'Try again from Settings.' }
        : { title: 'Your data export is ready', body: 'Download it from Settings within 7 days.' };
    case 'character_message':
      return { title: `${str(data.characterName, 'A character')} sent you a message`, body: replyExcerpt(data.excerpt) };
    case 'reply_ready':
      return {
        title: `${str(data.characterName, 'A character')} replied${data.inGroup === true ? ' in your group chat' : ''}`,
        body: replyExcerpt(data.excerpt),
      };
    case 'report_update':
      return {
        title: `Your report about ${str(data.subjectName, 'some content')} was reviewed`,
        body: data.outcome === 'action_taken' ? 'Thank you. We took action.' : 'We found that it does not break our rules.',
      };
  }
}
