import { Link } from 'react-router';
import { Coins, Crown, ImagePlus, MessageCircleHeart, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { usePlans } from '../api/get-plans';
import { formatMoney } from '../lib/money';
import { membershipModalTitle } from '../lib/membership-action';

const BENEFITS = [
  { icon: Crown, text: 'Premium characters' },
  { icon: MessageCircleHeart, text: 'Many more free messages, longer replies and memory' },
  { icon: ImagePlus, text: 'Free images every month and a faster queue' },
  { icon: Coins, text: 'Coins every month' },
] as const;

/** The membership modal (product.md §2): opened where a permission is missing, leading to /subscribe. */
export function MembershipModal({ action, onClose }: { action: string | null; onClose: () => void }) {
  const open = action !== null;
  const plans = usePlans(open);
  const cheapest = open
    ? plans.data?.plans.reduce<number | null>((min, p) => {
        const cents = p.prices?.yearly.perMonthCents;
        return cents !== undefined && (min === null || cents < min) ? cents : min;
      }, null)
    : null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="overflow-hidden p-0">
        <div className="relative bg-linear-to-br from-coin/25 via-primary-strong/25 to-accent-strong/20 px-6 pt-8 pb-6 text-center">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-16 left-1/2 size-48 -translate-x-1/2 rounded-full bg-coin/20 blur-3xl"
          />
          <span
            aria-hidden="true"
            className="relative mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-amber-400 to-primary-strong text-white shadow-glow"
          >
            <Crown className="size-7" />
          </span>
          <DialogTitle className="relative mt-4 text-xl leading-snug font-bold">{action ? membershipModalTitle(action) : ''}</DialogTitle>
          <DialogDescription className="relative mt-2">
            {cheapest
              ? `Memberships start at ${formatMoney(cheapest, plans.data?.currency ?? 'usd')} a month, billed yearly.`
              : 'Choose a plan that fits you; cancel any time.'}
          </DialogDescription>
        </div>
        <div className="grid gap-5 px-6 pt-2 pb-6">
          <ul className="grid gap-2.5">
            {BENEFITS.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-center gap-3 rounded-xl bg-surface-raised px-3 py-2.5 text-sm font-medium text-fg ring-1 ring-border"
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-coin" />
                {text}
              </li>
            ))}
          </ul>
          <div className="grid gap-2">
            <Button asChild size="lg" className="w-full">
              <Link to="/subscribe" onClick={onClose}>
                <Sparkles aria-hidden="true" />
                See membership plans
              </Link>
            </Button>
            <Button variant="ghost" className="w-full" onClick={onClose}>
              Not now
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
