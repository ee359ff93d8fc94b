import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { KeyRound, LogOut, RefreshCw } from 'lucide-react';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest, getErrorMessage, refreshAccessToken } from '@/lib/api-client';
import { decodeJwtPayload, getRefreshToken, isTokenExpired, useAccessToken } from '@/lib/auth-tokens';
import { formatDate } from '@/lib/format';

/** When an access token expires, read from its own claims; the token itself is never shown. */
export function describeExpiry(token: string | null, now: number = Date.now()): string {
  if (!token) return 'No token';
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number') return 'Unreadable (treated as expired)';
  const ms = exp * 1000 - now;
  const when = formatDate(exp * 1000, 'dateTime');
  if (isTokenExpired(token, now)) return `${when} (expired)`;
  const minutes = Math.floor(ms / 60000);
  const seconds = Math.floor((ms % 60000) / 1000);
  return `${when} (in ${minutes} min ${seconds} s)`;
}

function issuedAt(token: string | null): string {
  const iat = token ? decodeJwtPayload(token)?.iat : undefined;
  return typeof iat === 'number' ? formatDate(iat * 1000, 'dateTime') : '—';
}

interface SubscriptionStatus {
  tier?: string;
  permissions?: unknown;
}

/** Permission names that are on, from whatever shape the status carries (an object of flags or a list). */
export function describePermissions(permissions: unknown): string {
  if (Array.isArray(permissions)) return permissions.length ? permissions.map(String).join(', ') : 'None';
  if (permissions && typeof permissions === 'object') {
    const on = Object.entries(permissions)
      .filter(([, v]) => v === true || (typeof v === 'number' && v > 0))
      .map(([k, v]) => (typeof v === 'number' ? `${k}: ${v}` : k));
    return on.length ? on.join(', ') : 'None';
  }
  return '—';
}

function usePermissions(enabled: boolean) {
  return useQuery({
    queryKey: ['subscriptions', 'status', 'auth-debug'],
    queryFn: (): Promise<SubscriptionStatus> => apiRequest(api.billing.subscriptionStatus),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** The Permissions row: the permissions that are on, or why they cannot be shown. */
function permissionsText(query: UseQueryResult<SubscriptionStatus>, signedIn: boolean): string {
  return query.data
    ? describePermissions(query.data.permissions)
    : query.isError
      ? query.error instanceof ApiError && query.error.status === 404
        ? 'Memberships are not enabled on this server yet'
        : 'Could not be read'
      : signedIn
        ? 'Loading...'
        : '—';
}

/** The session's facts as a list of label and value. */
function SessionDetails({ rows }: { rows: Array<[string, string]> }) {
  return (
    <div className="rounded-2xl border border-border bg-surface">
      <dl className="divide-y divide-border">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
            <dt className="text-sm font-medium text-fg-muted">{label}</dt>
            <dd className="text-sm break-all text-fg sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The outcome of the last Refresh token or Clear session: a status, or an alert on failure. */
function SessionMessage({ message }: { message: { kind: 'ok' | 'error'; text: string } }) {
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={message.kind === 'error' ? 'mt-3 text-sm text-danger' : 'mt-3 text-sm text-success'}
    >
      {message.text}
    </p>
  );
}

/** `/auth-debug`: the session as this browser holds it. Times, ids and tier only: never a token. */
export function SessionInspector() {
  const { user, status, logout } = useSession();
  const accessToken = useAccessToken();
  const hasRefresh = Boolean(getRefreshToken());
  const [busy, setBusy] = useState<'refresh' | 'clear' | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [, setTick] = useState(0);
  const status_ = usePermissions(status === 'authenticated');
  const permissions = permissionsText(status_, status === 'authenticated');

  const refresh = async () => {
    setBusy('refresh');
    setMessage(null);
    try {
      await refreshAccessToken();
      setMessage({ kind: 'ok', text: 'The access token was renewed.' });
    } catch (error) {
      setMessage({ kind: 'error', text: getErrorMessage(error, 'The token could not be renewed.') });
    } finally {
      setBusy(null);
      setTick((t) => t + 1);
    }
  };

  const clear = async () => {
    setBusy('clear');
    await logout();
    setBusy(null);
    setMessage({ kind: 'ok', text: 'The session was cleared from this browser.' });
  };

  const rows: Array<[string, string]> = [
    ['Session', status === 'authenticated' ? 'Signed in' : status === 'loading' ? 'Loading profile...' : 'Signed out'],
    ['Access token', accessToken ? 'Stored' : 'None'],
    ['Access token issued', issuedAt(accessToken)],
    ['Access token expires', describeExpiry(accessToken)],
    ['Refresh token', hasRefresh ? 'Stored (renews the access token; valid up to 30 days after last use)' : 'None'],
    ['User id', user?.id ?? '—'],
    ['Username', user?.username ?? '—'],
    ['Membership tier', user?.tier ?? '—'],
    ['Role', user?.role ?? '—'],
    ['Permissions', permissions],
    ['E-mail verified', user ? (user.emailVerified ? 'Yes' : 'No') : '—'],
  ];

  return (
    <Page
      title="Session inspector"
      description="What this browser holds about your sign-in. Tokens are secrets, so they are never shown; only their times."
      icon={<KeyRound />}
    >
      <SessionDetails rows={rows} />
      <div className="mt-5 flex flex-wrap items-center gap-2">
        <Button onClick={() => void refresh()} disabled={!hasRefresh || busy !== null}>
          <RefreshCw className={busy === 'refresh' ? 'animate-spin' : undefined} aria-hidden="true" />
          {busy === 'refresh' ? 'Refreshing...' : 'Refresh token'}
        </Button>
        <Button variant="destructive" onClick={() => void clear()} disabled={(!accessToken && !hasRefresh && !user) || busy !== null}>
          <LogOut aria-hidden="true" />
          Clear session
        </Button>
      </div>
      {message ? <SessionMessage message={message} /> : null}
      <p className="mt-6 max-w-2xl text-sm text-fg-subtle">
        Clearing the session signs you out: the tokens and the cached profile are removed from this browser first, then the server is asked
        to revoke the refresh token.
      </p>
    </Page>
  );
}
