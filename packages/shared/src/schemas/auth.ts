import { z } from 'zod';
import { ErrorResponse } from '../errors.ts';
import { Email, Password, User, Username } from './users.ts';

export const RegisterBody = z
  .object({
    email: Email,
    username: Username,
    password: Password,
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .meta({ id: 'RegisterBody' });

export const LoginBody = z
  .object({
    emailOrUsername: z.string().trim().min(1, 'Email or username is required').max(254),
    password: z.string().min(1, 'Password is required').max(128),
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
 * where the browser (and SPEC §4) read them.
 */
export const LoginErrorResponse = ErrorResponse.extend({
  requiresEmailVerification: z.boolean().optional(),
  email: z.string().optional(),
}).meta({ id: 'LoginErrorResponse' });
export type LoginErrorResponse = z.infer<typeof LoginErrorResponse>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1, 'refreshToken is required') });
export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() }).meta({ id: 'TokenPair' });
export const LogoutBody = z.object({ refreshToken: z.string().optional() }).optional();

export const CsrfResponse = z.object({ csrfToken: z.string() });

export const EmailBody = z.object({ email: Email });
export const TokenBody = z.object({ token: z.string().min(16, 'The link is incomplete').max(200) });
export const PasswordResetConfirmBody = z.object({
  token: z.string().min(16, 'The link is incomplete').max(200),
  password: Password,
});

export const VerifyEmailResponse = z.object({ success: z.boolean(), message: z.string(), user: User });

export const GoogleIdTokenBody = z.object({ idToken: z.string().min(10) });
export const GoogleCodeBody = z.object({ code: z.string().min(4) });

export const AddCoinsBody = z.object({
  amount: z.number().int('amount must be a whole number').min(1, 'amount must be at least 1').max(1000, 'amount must be at most 1000'),
});
export const CoinsResponse = z.object({ coins: z.number().int(), added: z.number().int(), user: User });

/** What the browser needs to know about how this server signs people in. */
export const AuthConfigResponse = z
  .object({
    googleClientId: z.string().nullable(),
    requireEmailVerification: z.boolean(),
    addCoinsEnabled: z.boolean(),
  })
  .meta({ id: 'AuthConfigResponse' });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;
