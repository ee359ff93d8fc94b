// The auth feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useAuthConfig } from './api/get-auth-config';
export { useRevertEmailChange } from './api/revert-email-change';
export { useVerifyEmail } from './api/verify-email';
export { AuthDialogProvider, useAuthDialogs } from './components/auth-dialog-context';
export { PasswordCard } from './components/password-card';
export { ProfileCard } from './components/profile-card';
export { RequireSession } from './components/require-session';
export { RESEND_SENT_INLINE, useResendWithFeedback } from './components/resend-verification-button';
export { ResetPasswordCard } from './components/reset-password-card';
export { SessionSync } from './components/session-sync';
export { useCurrentUser, type ShellUser } from './hooks/use-current-user';
export { useGoogleConfirmation } from './hooks/use-google-confirmation';
export { useSession } from './hooks/use-session';
export { signOut } from './lib/session-actions';
export { applyOwnUser, endSession, establishSession, getSessionUser, updateSessionUser } from './lib/session-store';
