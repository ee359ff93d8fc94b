// Account data: "Download my data" (a zip prepared in the background) and "Delete my account" (scheduled, with an
// undo link mailed to the owner; erased when the delay has passed).
import { z } from 'zod';
import { TokenBody } from './auth.ts';
import { text } from './text.ts';
import { CurrentPassword, GoogleIdToken } from './users.ts';

/** How long a ready export can be downloaded. */
export const ACCOUNT_EXPORT_TTL_DAYS = 7;

export const AccountExport = z
  .object({
    id: z.uuid(),
    /** pending: being prepared; ready: can be downloaded until `expiresAt`; failed: `error` says why. */
    status: z.enum(['pending', 'ready', 'failed']),
    createdAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;

export const AccountExportResponse = z.object({ export: AccountExport });
export const AccountExportsResponse = z.object({ exports: z.array(AccountExport) });

export const PublicCharactersChoice = z.enum(['delete', 'anonymise'], {
  message: 'Choose what happens to your public characters: "delete" or "anonymise"',
});
export type PublicCharactersChoice = z.infer<typeof PublicCharactersChoice>;

export const DeleteAccountBody = z
  .object({
    /** Accounts with a password prove it is their owner with it… */
    password: CurrentPassword.optional(),
    /** …accounts that sign in only with Google with a fresh Google sign-in (an ID token or a popup code). */
    googleIdToken: GoogleIdToken.optional(),
    googleCode: text({ min: 4, max: 2048 }).optional(),
    publicCharacters: PublicCharactersChoice,
  })
  .meta({ id: 'DeleteAccountBody' });

export const AccountDeletionResponse = z
  .object({
    /** When the account will be erased unless the undo link is used first. */
    deletionDueAt: z.string(),
    message: z.string(),
  })
  .meta({ id: 'AccountDeletionResponse' });

export const RestoreAccountBody = TokenBody;
export const RestoreAccountResponse = z.object({ username: z.string(), message: z.string() });
