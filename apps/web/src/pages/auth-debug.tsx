import { KeyRound } from 'lucide-react';
import { DiagnosticsList } from '@/components/page/diagnostics-list';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { decodeJwtPayload, getRefreshToken, isTokenExpired, useAccessToken } from '@/lib/auth-tokens';

/** Never a full token: the first 8 characters and an ellipsis. */
export function maskToken(token: string | null): string {
  return token ? `${token.slice(0, 8)}…` : '—';
}

function expiryOf(token: string | null): string {
  if (!token) return '—';
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number') return 'unreadable (treated as expired)';
  const when = new Date(exp * 1000);
  return `${when.toLocaleString()}${isTokenExpired(token) ? ' (expired)' : ''}`;
}

export default function AuthDebugPage() {
  const { user, status } = useSession();
  const accessToken = useAccessToken();
  const refreshToken = getRefreshToken();
  return (
    <Page title="Auth debug" description="The session as this browser has it stored. Tokens are never shown in full." icon={<KeyRound />}>
      <DiagnosticsList
        rows={[
          ['Session status', status],
          ['Access token', accessToken ? `present (${maskToken(accessToken)})` : 'none'],
          ['Access token expires', expiryOf(accessToken)],
          ['Refresh token present', refreshToken ? 'yes' : 'no'],
          ['User id', user?.id ?? '—'],
          ['Username', user?.username ?? '—'],
          ['E-mail', user?.email ?? '—'],
          ['E-mail verified', user ? (user.emailVerified ? 'yes' : 'no') : '—'],
          ['Coins', String(user?.coins ?? 0)],
        ]}
      />
    </Page>
  );
}
