import { z } from 'zod';
import { ErrorResponse } from '../errors.ts';
import { opaqueToken, secret, text } from './text.ts';
import { CurrentPassword, Email, GoogleIdToken, Password, User, Username } from './users.ts';

export const RegisterBody = z
  .object({
    email: Email,
    username: Username,
    password: Password,
    confirmPassword: secret({ max: 128 }).optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .meta({ id: 'RegisterBody' });

export const LoginBody = z
  .object({
    emailOrUsername: text({ min: 1, max: 254, tooShort: 'Email or username is required' }),
    password: secret({ min: 1, max: 128, tooShort: 'Password is required' }),
  })
  .meta({ id: 'LoginBody' });

export const AuthResponse = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    user: User,
    isNewUser: z.boolean().optional(),
    requiresEmailVerification: z.boolean().optional(),
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * 403 on login when e-mail verification is required and missing: the details are also repeated at the top level,
 * where the browser (and product.md §4) read them.
 */
export const LoginErrorResponse = ErrorResponse.extend({
  requiresEmailVerification: z.boolean().optional(),
  email: z.string().optional(),
}).meta({ id: 'LoginErrorResponse' });
export type LoginErrorResponse = z.infer<typeof LoginErrorResponse>;

export const RefreshBody = z.object({ refreshToken: opaqueToken(200) });
export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() }).meta({ id: 'TokenPair' });
export const LogoutBody = z.object({ refreshToken: opaqueToken(200).optional() }).optional();

export const CsrfResponse = z.object({ csrfToken: z.string() });

export const EmailBody = z.object({ email: Email });
export const TokenBody = z.object({ token: opaqueToken(200, 16) });
export const PasswordResetConfirmBody = z.object({
  token: opaqueToken(200, 16),
  password: Password,
});

export const VerifyEmailResponse = z.object({ success: z.boolean(), message: z.string(), user: User });

export const GoogleIdTokenBody = z.object({ idToken: GoogleIdToken });
export const GoogleCodeBody = z.object({ code: text({ min: 4, max: 2048 }) });
export { CurrentPassword };

/** Only this header names a retry; at most 100 characters of letters, digits and -_.: */
export const IdempotencyKey = z
  .string()
  .min(1, 'Idempotency-Key must not be empty')
  .max(100, 'Idempotency-Key must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Idempotency-Key may only contain letters, digits and - _ . :');
/** Request headers of a call that may be retried; other headers pass through untouched. */
export const IdempotencyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });

export const AddCoinsBody = z.object({
  amount: z.number().int('amount must be a whole number').min(1, 'amount must be at least 1').max(1000, 'amount must be at most 1000'),
});
export const CoinsResponse = z.object({ coins: z.number().int(), added: z.number().int(), user: User });

/** What the browser needs to know about how this server signs people in. */
export const AuthConfigResponse = z
  .object({
    googleClientId: z.string().nullable(),
    requireEmailVerification: z.boolean(),
    /** The sandbox's free top-up is on (PAYMENTS_MODE=sandbox and SANDBOX_TOP_UP; off in production by default). */
    addCoinsEnabled: z.boolean(),
    /** Not a production server: notes meant for developers (unset legal facts, retired payment methods) may show. */
    devNotices: z.boolean(),
  })
  .meta({ id: 'AuthConfigResponse' });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;
