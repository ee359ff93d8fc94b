import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Gauge } from 'lucide-react';
import { MAX_SPENDING_CAP, type SpendingCapState, type SpendingLimitsResponse } from '@reverie/shared';
import { FormError, FormSuccess } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useSpendingLimits, useUpdateSpendingLimits } from '../api/spending-limits';

export const SPENDING_LIMITS_ID = 'spending-limits';

/** "14:05" in the reader's time zone: pending raises and resets are near, so the time is what matters. */
export function clockTime(iso: string): string {
  return formatDate(iso, 'clock');
}

const coins = (n: number) => `${formatNumber(n)} ${n === 1 ? 'coin' : 'coins'}`;

/** Empty = no limit; anything else must be a whole number in bounds (the server says so too, this saves a trip). */
function parse(value: string, label: string): { value: number | null; error?: string } {
  const v = value.trim();
  if (!v) return { value: null };
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SPENDING_CAP)
    return { value: null, error: `${label}: enter a whole number from 1 to ${formatNumber(MAX_SPENDING_CAP)}, or leave it empty.` };
  return { value: n };
}

function PendingNote({ state }: { state: SpendingCapState }) {
  if (!state.pending) return null;
  const at = clockTime(state.pending.from);
  return (
    <p className="text-xs text-warning" data-testid="pending-raise">
      {state.pending.cap === null
        ? `Your limit is lifted from ${at}.`
        : `Your new limit of ${formatNumber(state.pending.cap)} applies from ${at}.`}
    </p>
  );
}

function CapField({
  label,
  period,
  state,
  value,
  onChange,
}: {
  label: string;
  period: 'today' | 'this month';
  state: SpendingCapState;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const left = state.cap === null ? null : Math.max(0, state.cap - state.spent);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="No limit"
        aria-describedby={`${id}-hint`}
        maxLength={7}
      />
      <p id={`${id}-hint`} className="text-xs text-fg-subtle">
        Spent {period}: {coins(state.spent)}
        {left === null ? '' : ` · ${coins(left)} left`} · resets{' '}
        {period === 'today' ? `at ${clockTime(state.resetsAt)}` : `on ${formatDate(state.resetsAt, 'dayMonth')}`}
      </p>
      <PendingNote state={state} />
    </div>
  );
}

function LimitsForm({ limits }: { limits: SpendingLimitsResponse }) {
  const id = useId();
  const update = useUpdateSpendingLimits();
  const text = (n: number | null) => (n === null ? '' : String(n));
  // The form shows what the user asked for: a pending raise rather than the cap still in force.
  const wanted = (s: SpendingCapState) => text(s.pending ? s.pending.cap : s.cap);
  const [daily, setDaily] = useState(wanted(limits.daily));
  const [monthly, setMonthly] = useState(wanted(limits.monthly));
  const [confirmAbove, setConfirmAbove] = useState(text(limits.confirmAbove));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const d = parse(daily, 'Daily limit');
    const m = parse(monthly, 'Monthly limit');
    const c = parse(confirmAbove, 'Ask before');
    const problem = d.error ?? m.error ?? c.error;
    setError(problem ?? null);
    if (problem) return;
    update.mutate(
      { daily: d.value, monthly: m.value, confirmAbove: c.value },
      {
        onSuccess: () => setSaved(true),
        onError: (err) => setError(getErrorMessage(err, 'Your limits could not be saved. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Spending limits" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <CapField label="Daily limit (coins)" period="today" state={limits.daily} value={daily} onChange={setDaily} />
        <CapField label="Monthly limit (coins)" period="this month" state={limits.monthly} value={monthly} onChange={setMonthly} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-confirm`}>Ask me before one action that costs more than (coins)</Label>
        <Input
          id={`${id}-confirm`}
          inputMode="numeric"
          value={confirmAbove}
          onChange={(e) => setConfirmAbove(e.target.value)}
          placeholder="Never ask"
          maxLength={7}
          className="sm:max-w-[calc(50%-0.5rem)]"
        />
      </div>
      {error ? <FormError>{error}</FormError> : null}
      {saved && !error ? (
        <FormSuccess>Saved. A lower limit applies now; a higher one in {limits.raiseDelayMinutes} minutes.</FormSuccess>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-fg-subtle">Leave a field empty for no limit. Days and months are counted in UTC.</p>
        <Button type="submit" disabled={update.isPending} className="sm:min-w-32">
          {update.isPending ? 'Saving...' : 'Save limits'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings → Spending limits (#spending-limits, where a refusal at a cap links to): daily and monthly caps on coins
 * spent, and a threshold above which an action asks first. Lowering applies at once, raising after a cool-down.
 */
export function SpendingLimitsCard() {
  const limits = useSpendingLimits();
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const loaded = Boolean(limits.data);
  // Arriving from a refusal's link: the page renders above this card first, so scroll once it is there.
  useEffect(() => {
    if (hash === `#${SPENDING_LIMITS_ID}` && loaded) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
  return (
    <div ref={ref} className="scroll-mt-32 sm:scroll-mt-20">
      <SettingsSection
        id={SPENDING_LIMITS_ID}
        title="Spending limits"
        description={`Caps on the coins you spend on messages and images. Lowering a limit applies at once; raising it takes an hour.`}
        icon={<Gauge />}
      >
        {limits.data ? (
          <LimitsForm limits={limits.data} />
        ) : limits.isError ? (
          <div className="grid justify-items-start gap-3">
            <FormError>{getErrorMessage(limits.error, 'Your spending limits could not be loaded.')}</FormError>
            <Button variant="secondary" size="sm" onClick={() => void limits.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Loading spending limits">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        )}
      </SettingsSection>
    </div>
  );
}
