import { CalendarClock, CheckCircle2, Crown, Gift } from 'lucide-react';
import type { MonthlyClaimState, Plan } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useClaimMonthly } from '../api/claim-monthly';
import { usePlans } from '../api/get-plans';
import { formatCountdown, formatDate } from '../lib/money';
import { useMembershipModal } from './membership-modal-context';

/** A member who cannot claim now: claimed this month, with the countdown to the next claim or why there is none. */
function ClaimedState({ monthly, now }: { monthly: MonthlyClaimState; now: number }) {
  return (
    <div className="grid gap-2">
      <Button size="lg" variant="secondary" className="w-full" disabled>
        <CheckCircle2 aria-hidden="true" className="text-success" />
        {monthly.claimedAt ? 'Claimed this month' : 'Not available yet'}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-fg-muted" data-testid="claim-countdown">
        <CalendarClock aria-hidden="true" className="size-3.5" />
        {monthly.nextClaimAt ? (
          <span>
            Next claim in <span className="font-semibold text-fg tabular-nums">{formatCountdown(monthly.nextClaimAt, now)}</span> (
            {formatDate(monthly.nextClaimAt)})
          </span>
        ) : (
          <span>{monthly.reason ?? 'Your membership does not renew, so there are no more monthly coins.'}</span>
        )}
      </p>
    </div>
  );
}

/** Not a member: the monthly coins of each paid plan and the way to become one. */
function MembershipPitch({ paidPlans, reason, onJoin }: { paidPlans: Plan[]; reason: string | null; onJoin: () => void }) {
  return (
    <div className="grid gap-2">
      {paidPlans.length > 0 ? (
        <ul className="grid gap-1.5 text-sm text-fg-muted" aria-label="Monthly coins by plan">
          {paidPlans.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 rounded-lg bg-surface-raised px-3 py-2">
              {p.name} <span className="font-semibold text-coin">{formatCoins(p.permissions.monthlyCoins)} coins / month</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button size="lg" variant="secondary" className="w-full" onClick={onJoin}>
        <Crown aria-hidden="true" className="text-coin" />
        Become a member
      </Button>
      {reason ? <p className="text-center text-xs text-fg-muted">{reason}</p> : null}
    </div>
  );
}

/** The monthly membership coins: claim now, claimed (with a countdown to the next), or why not. */
export function MonthlyClaimCard({ monthly }: { monthly: MonthlyClaimState }) {
  const claim = useClaimMonthly();
  const membership = useMembershipModal();
  const counting = !monthly.canClaim && monthly.nextClaimAt !== null;
  const now = useNow(1000, counting);
  const member = monthly.amount > 0;
  const plans = usePlans(!member);
  const paidPlans = plans.data?.plans.filter((p) => p.permissions.monthlyCoins > 0) ?? [];

  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: result.claimed ? `${formatCoins(result.coins)} coins claimed` : 'Already claimed',
          description: result.message,
          variant: result.claimed ? 'success' : 'default',
        }),
      onError: (error) => {
        if (membership.openForError(error, 'claim monthly coins')) return;
        toast({ title: 'Could not claim your coins', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby="monthly-claim" className="flex h-full flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 items-center justify-center rounded-xl bg-coin/10 text-coin ring-1 ring-coin/30"
        >
          <Gift className="size-5" />
        </span>
        <div>
          <h2 id="monthly-claim" className="text-base font-semibold text-fg">
            Monthly coins
          </h2>
          <p className="text-sm text-fg-muted">
            {member ? `${formatCoins(monthly.amount)} coins with your membership, every month.` : 'Members get free coins every month.'}
          </p>
        </div>
      </div>

      {monthly.canClaim ? (
        <Button size="lg" className="w-full" disabled={claim.isPending} onClick={onClaim}>
          <Gift aria-hidden="true" />
          {claim.isPending ? 'Claiming...' : `Claim ${formatCoins(monthly.amount)} coins`}
        </Button>
      ) : member ? (
        <ClaimedState monthly={monthly} now={now} />
      ) : (
        <MembershipPitch paidPlans={paidPlans} reason={monthly.reason} onJoin={() => membership.open('claim monthly coins')} />
      )}
    </section>
  );
}
