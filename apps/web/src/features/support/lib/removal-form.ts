import type { ContentRemovalBody, RemovalReason } from '@reverie/shared';

export interface RemovalFormValues {
  subjectUrl: string;
  reason: RemovalReason | '';
  contactEmail: string;
  name: string;
  details: string;
  swornStatement: boolean;
}

export const REASON_HINTS: Record<RemovalReason, string> = {
  copyright: 'Your work (or your client’s) is used without permission. This is a DMCA notice: it needs your name and a sworn statement.',
  likeness: 'It uses a real person’s name, face or identity without their consent.',
  underage: 'It sexualises, or appears to show, someone under 18. We review these first.',
  non_consensual: 'Intimate or sexual content about a real person made or shared without consent.',
  other: 'Anything else that should not be on Reverie.',
};

/** The first problem a person can fix before sending, or the request body. */
export function checkRemovalForm(v: RemovalFormValues): { error: string } | { body: ContentRemovalBody } {
  const url = v.subjectUrl.trim();
  if (!/^https?:\/\/\S+$/i.test(url)) return { error: 'Paste the full address of the content, starting with https://' };
  if (!v.reason) return { error: 'Choose a reason.' };
  if (!/^\S+@\S+\.\S+$/.test(v.contactEmail.trim())) return { error: 'Enter an e-mail address where we can reach you.' };
  if (v.details.trim().length < 20) return { error: 'Describe the content and why it should be removed (at least 20 characters).' };
  if (v.reason === 'copyright') {
    if (!v.name.trim()) return { error: 'Copyright requests need your full name: it is your electronic signature.' };
    if (!v.swornStatement) return { error: 'Copyright requests need the sworn statement: tick the box to confirm it.' };
  }
  return {
    body: {
      subjectUrl: url,
      reason: v.reason,
      contactEmail: v.contactEmail.trim(),
      details: v.details.trim(),
      ...(v.name.trim() ? { name: v.name.trim() } : {}),
      ...(v.reason === 'copyright' ? { swornStatement: v.swornStatement } : {}),
    },
  };
}
