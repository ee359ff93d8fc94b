// The messages the server sends. Plain text plus simple, escaped HTML.
import type { MailMessage } from './mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, cta: string, link: string, outro: string): string {
  return `<!doctype html><html><body style="background:#0b0b10;color:#e7e7ee;font-family:system-ui,sans-serif;padding:24px">
<div style="max-width:520px;margin:auto;background:#15151d;border-radius:16px;padding:32px">
<h1 style="margin-top:0;font-size:22px">${escape(title)}</h1><p>${escape(intro)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e11d74;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none">${escape(cta)}</a></p>
<p style="color:#9a9aab;font-size:13px">${escape(outro)}</p><p style="color:#9a9aab;font-size:12px;word-break:break-all">${escape(link)}</p></div></body></html>`;
}

export function verificationEmail(to: string, username: string, link: string): MailMessage {
  const intro = `Hi ${username}, confirm that this is your e-mail address to finish setting up your Reverie account.`;
  const outro = 'The link works once and expires in 24 hours. If you did not sign up, ignore this message.';
  return {
    to,
    subject: 'Verify your e-mail for Reverie',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Verify your e-mail', intro, 'Verify e-mail', link, outro),
    links: [link],
  };
}

export function passwordResetEmail(to: string, username: string, link: string): MailMessage {
  const intro = `Hi ${username}, someone (hopefully you) asked to reset the password of your Reverie account.`;
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays the same.';
  return {
    to,
    subject: 'Reset your Reverie password',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Reset your password', intro, 'Choose a new password', link, outro),
    links: [link],
  };
}

/**
 * To the address on file before an e-mail or username change: what changed, and a link that undoes it (restores
 * the address and username, signs out every session) for 7 days.
 */
export function identityChangedEmail(
  to: string,
  username: string,
  change: { newEmail?: string; newUsername?: string; link: string },
): MailMessage {
  const what = [
    change.newEmail ? `the e-mail address was changed to ${change.newEmail}` : undefined,
    change.newUsername ? `the username was changed to ${change.newUsername}` : undefined,
  ]
    .filter(Boolean)
    .join(' and ');
  const intro = `Hi ${username}, on your Reverie account ${what}. If that was you, there is nothing to do.`;
  const outro =
    'If it was not you, open the link: it restores your previous e-mail address and username and signs out every session. It works once and expires in 7 days. Then reset your password.';
  return {
    to,
    subject: change.newEmail ? 'Your Reverie e-mail address was changed' : 'Your Reverie username was changed',
    text: `${intro}\n\n${change.link}\n\n${outro}`,
    html: layout('Your account was changed', intro, 'This was not me: undo it', change.link, outro),
    links: [change.link],
  };
}

/** Sent when the owner schedules the account's deletion: the date, and the link that cancels it. */
export function accountDeletionEmail(to: string, username: string, deletion: { dueAt: Date; link: string }): MailMessage {
  const date = deletion.dueAt.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  const intro = `Hi ${username}, your Reverie account is scheduled for deletion on ${date}. You have been signed out everywhere and cannot sign in until then.`;
  const outro =
    'Changed your mind? Open the link before that date: it keeps your account exactly as it was. After that date your personal data is erased and cannot be restored.';
  return {
    to,
    subject: 'Your Reverie account will be deleted',
    text: `${intro}\n\n${deletion.link}\n\n${outro}`,
    html: layout('Your account will be deleted', intro, 'Keep my account', deletion.link, outro),
    links: [deletion.link],
  };
}

/** The daily digest of unread notifications (sent only to accounts with e-mail notifications on). */
export function notificationDigestEmail(
  to: string,
  username: string,
  digest: { items: Array<{ title: string; body: string | null; link: string }>; total: number; inboxLink: string; settingsLink: string },
): MailMessage {
  const count = `${digest.total} unread notification${digest.total === 1 ? '' : 's'}`;
  const intro = `Hi ${username}, you have ${count} on Reverie.`;
  const more = digest.total > digest.items.length ? `…and ${digest.total - digest.items.length} more.` : '';
  const outro = 'You get this at most once a day while you have unread notifications. Turn it off under Settings → Email notifications.';
  const lines = digest.items.map((i) => `- ${i.title}${i.body ? ` (${i.body})` : ''}\n  ${i.link}`);
  const list = digest.items
    .map(
      (i) =>
        `<li style="margin:0 0 10px"><a href="${escape(i.link)}" style="color:#f472b6;text-decoration:none">${escape(i.title)}</a>${
          i.body ? `<br><span style="color:#9a9aab;font-size:13px">${escape(i.body)}</span>` : ''
        }</li>`,
    )
    .join('');
  return {
    to,
    subject: `Reverie: ${count}`,
    text: `${intro}\n\n${lines.join('\n')}\n${more}\n\nOpen Reverie: ${digest.inboxLink}\n\n${outro}\nSettings: ${digest.settingsLink}`,
    html: `<!doctype html><html><body style="background:#0b0b10;color:#e7e7ee;font-family:system-ui,sans-serif;padding:24px">
<div style="max-width:520px;margin:auto;background:#15151d;border-radius:16px;padding:32px">
<h1 style="margin-top:0;font-size:22px">${escape(count)}</h1><p>${escape(intro)}</p><ul style="padding-left:18px">${list}</ul>
<p style="color:#9a9aab">${escape(more)}</p>
<p><a href="${escape(digest.inboxLink)}" style="display:inline-block;background:#e11d74;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none">Open Reverie</a></p>
<p style="color:#9a9aab;font-size:13px">${escape(outro)} <a href="${escape(digest.settingsLink)}" style="color:#9a9aab">Settings</a></p></div></body></html>`,
    links: [digest.inboxLink, ...digest.items.map((i) => i.link)],
  };
}

/** Acknowledges a content-removal request with its reference number. */
export function removalAcknowledgementEmail(
  to: string,
  request: { reference: string; reasonLabel: string; statusLink: string },
): MailMessage {
  // Never the address the form was given: anyone may name any contact address, so repeating a link they chose
  // would let strangers send it from us (phishing). The reference is all the requester needs.
  const intro = `We received your content-removal request ${request.reference} (${request.reasonLabel}). A person on our team will review it and write to this address when it is settled. Quote ${request.reference} in any message about it.`;
  const outro =
    'Requests about minors and non-consensual content are reviewed first. If you did not send this request, you can ignore this message.';
  return {
    to,
    subject: `Reverie: we received your removal request ${request.reference}`,
    text: `${intro}\n\nOur policies on removal requests: ${request.statusLink}\n\n${outro}`,
    html: layout(`Request ${request.reference} received`, intro, 'How we handle requests', request.statusLink, outro),
    links: [request.statusLink],
  };
}

/** Tells the person who asked for a removal what was decided. */
export function removalOutcomeEmail(
  to: string,
  request: { reference: string; outcome: 'removed' | 'rejected' | 'no_action'; note: string; policyLink: string },
): MailMessage {
  const decided = {
    removed: 'We removed the content you reported.',
    rejected: 'We reviewed the content and decided not to remove it.',
    no_action: 'We reviewed the request; no action was needed (for example, the content was already gone).',
  }[request.outcome];
  const intro = `About your content-removal request ${request.reference}: ${decided} Our note: ${request.note}`;
  const outro = 'If you disagree, reply to the contact address on our legal pages and quote the reference number.';
  return {
    to,
    subject: `Reverie: your removal request ${request.reference} was reviewed`,
    text: `${intro}\n\n${request.policyLink}\n\n${outro}`,
    html: layout(`Request ${request.reference} reviewed`, intro, 'Our content policy', request.policyLink, outro),
    links: [request.policyLink],
  };
}
