import type { ReactNode } from 'react';
import { Check, Crown, Gem, Sparkles } from 'lucide-react';
import type { BillingPeriod, Plan } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { planPrice } from '../lib/money';

const ICONS = { free: Sparkles, premium: Crown, ultimate: Gem } as const;

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  current: boolean;
  /** A plan change scheduled for the period end ("Starts March 4"). */
  note?: ReactNode;
  action: ReactNode;
}

/** One plan on /subscribe: name, price for the chosen period, what it includes, and its button. */
export function PlanCard({ plan, period, current, note, action }: PlanCardProps) {
  const price = planPrice(plan, period);
  const Icon = ICONS[plan.id];
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-surface p-6 shadow-sm shadow-black/40',
        plan.highlighted ? 'border-primary/60 bg-linear-to-b from-primary-strong/10 via-surface to-surface shadow-glow' : 'border-border',
        current && 'ring-2 ring-success/60',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'inline-flex size-11 items-center justify-center rounded-2xl ring-1',
            plan.id === 'free'
              ? 'bg-surface-raised text-fg-muted ring-border'
              : 'bg-linear-to-br from-primary-strong/30 to-accent-strong/30 text-primary ring-primary/30',
          )}
        >
          <Icon className="size-5" />
        </span>
        <div className="flex flex-wrap justify-end gap-1.5">
          {current ? <Badge variant="success">Current plan</Badge> : null}
          {plan.highlighted && !current ? <Badge variant="primary">Most popular</Badge> : null}
        </div>
      </div>
      <h2 id={headingId} className="mt-4 text-xl font-bold text-fg">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-fg-muted">{plan.description}</p>

      <div className="mt-5" data-testid="plan-price">
        {price ? (
          <>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-fg tabular-nums">{price.headline}</span>
              <span className="text-sm text-fg-muted">{price.unit}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
              {price.billing}
              {price.saving ? <Badge variant="success">{price.saving}</Badge> : null}
            </p>
          </>
        ) : (
          <>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-fg">$0</span>
              <span className="text-sm text-fg-muted">forever</span>
            </p>
            <p className="mt-1 text-xs text-fg-subtle">No card needed</p>
          </>
        )}
      </div>

      <div className="mt-6">{action}</div>
      {note ? <p className="mt-2 text-center text-xs text-fg-muted">{note}</p> : null}

      <ul className="mt-6 grid gap-2.5 border-t border-border pt-5" aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm text-fg">
            <Check aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', plan.id === 'free' ? 'text-fg-subtle' : 'text-success')} />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Placeholder cards while the plans load. */
export function PlanCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-4 rounded-3xl border border-border bg-surface p-6">
      <div className="size-11 rounded-2xl bg-surface-raised" />
      <div className="h-6 w-28 rounded bg-surface-raised" />
      <div className="h-4 w-full rounded bg-surface-raised" />
      <div className="h-10 w-32 rounded bg-surface-raised" />
      <div className="h-10 w-full rounded-xl bg-surface-raised" />
      <div className="grid gap-2 pt-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-4 w-3/4 rounded bg-surface-raised" />
        ))}
      </div>
    </div>
  );
}
