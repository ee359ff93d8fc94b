import { KeyRound } from 'lucide-react';
import { Page } from '@/components/page/page';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { DiagnosticsList } from '@/components/page/diagnostics-list';

export default function AuthDebugPage() {
  const user = useCurrentUser();
  return (
    <Page title="Auth debug" description="The session as this browser has it stored. Tokens are never shown." icon={<KeyRound />}>
      <DiagnosticsList
        rows={[
          ['Signed in', user ? 'yes' : 'no'],
          ['User id', user?.id ?? '—'],
          ['Username', user?.username ?? '—'],
          ['E-mail', user?.email ?? '—'],
          ['Coins', String(user?.coins ?? 0)],
        ]}
      />
    </Page>
  );
}
