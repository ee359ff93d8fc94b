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
