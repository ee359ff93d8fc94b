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
