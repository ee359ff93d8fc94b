import { Link } from 'react-router';
import { AlertTriangle, Coins, Loader2, ShieldAlert, WifiOff } from 'lucide-react';
import { VerifyAgeButton } from '@/features/age-assurance';
import { Button } from '@/components/ui/button';
import { SpendingCapLink } from '@/features/billing';
import { BlockedProblems } from '@/features/moderation';
import { cn } from '@/lib/utils';
import type { Problem } from '../hooks/use-chat-problem';

const icons = { coins: Coins, connection: WifiOff, blocked: AlertTriangle, age: ShieldAlert, other: AlertTriangle } as const;

/** Why the last action failed, above the composer: coins to get, a retry, an age check, or what was blocked. */
export function ProblemBanner({
  problem,
  characterId,
  onRetry,
  onDismiss,
}: {
  problem: Problem;
  characterId: string;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const Icon = problem.kind === 'model' ? null : icons[problem.kind];
  const icon = Icon ? <Icon /> : <Loader2 className="animate-spin" />;
  return (
    <div
      role="alert"
      className="mx-3 mb-2 flex flex-wrap items-center gap-3 rounded-xl bg-surface-raised px-4 py-3 text-sm ring-1 ring-border sm:mx-4 [&_svg]:size-4"
    >
      <span className={cn('shrink-0', problem.kind === 'blocked' ? 'text-danger' : 'text-warning')}>{icon}</span>
      {/* The words keep a readable width: on a phone the buttons go to a line of their own rather than squeeze them. */}
      <span className="min-w-0 flex-1 basis-56 text-fg-muted">{problem.message}</span>
      {problem.kind === 'blocked' && problem.problems?.length ? (
        <div className="w-full">
          <BlockedProblems problems={problem.problems} surface="chat-user" characterId={characterId} />
        </div>
      ) : null}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {problem.kind === 'coins' ? (
          <Button asChild size="sm">
            {problem.atCap ? <SpendingCapLink cap={problem.cap} /> : <Link to="/coins">Get coins</Link>}
          </Button>
        ) : null}
        {problem.kind === 'age' ? <VerifyAgeButton size="sm" /> : null}
        {problem.kind === 'connection' || problem.kind === 'other' ? (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
