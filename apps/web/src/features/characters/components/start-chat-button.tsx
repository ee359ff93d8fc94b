import { Link } from 'react-router';
import { Lock, MessageCircleHeart } from 'lucide-react';
import type { CharacterProfile, Plan } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { usePlans } from '@/features/billing';
import { useMembershipModal } from '@/features/billing';
import { formatMoney } from '@/lib/format';

/** The cheapest paid plan that opens premium characters (from the server's plan list), or null. */
export function cheapestPremiumPlan(plans: readonly Plan[]): (Plan & { prices: NonNullable<Plan['prices']> }) | null {
  const open = plans.filter(
    (p): p is Plan & { prices: NonNullable<Plan['prices']> } => p.permissions.premiumCharacters && p.prices !== null,
  );
  return open.sort((a, b) => a.prices.monthly.amountCents - b.prices.monthly.amountCents)[0] ?? null;
}

/**
 * "Start chat" on a character profile. A premium character the viewer cannot open yet shows a lock and what it costs
 * (the cheapest plan with premium characters, priced by the server) before the click, and the click offers the
 * memberships instead of an empty chat. Creators, admins and members with premium characters just start the chat.
 */
export function StartChatButton({ character }: { character: Pick<CharacterProfile, 'id' | 'premium' | 'creator'> }) {
  const { user } = useSession();
  const membership = useMembershipModal();
  const mayNeedPlan = character.premium && user?.id !== character.creator.id && user?.role !== 'admin';
  const plans = usePlans(mayNeedPlan);
  const ownPlan = plans.data?.plans.find((p) => p.id === (user?.tier ?? 'free'));
  const locked = mayNeedPlan && !ownPlan?.permissions.premiumCharacters;
  const plan = locked && plans.data ? cheapestPremiumPlan(plans.data.plans) : null;

  if (!locked) {
    return (
      <Button asChild size="lg" className="h-11 flex-1 sm:flex-none">
        <Link to={`/chat/${character.id}`}>
          <MessageCircleHeart aria-hidden="true" />
          Start chat
        </Link>
      </Button>
    );
  }
  const price = plan ? `${formatMoney(plan.prices.monthly.amountCents, plan.prices.monthly.currency)}/month` : null;
  return (
    <div className="flex flex-1 flex-col gap-1 sm:flex-none">
      <Button size="lg" className="h-11" aria-describedby="premium-price" onClick={() => membership.open('chat with premium characters')}>
        <Lock aria-hidden="true" />
        Start chat
      </Button>
      <p id="premium-price" className="text-center text-xs text-fg-muted" data-testid="premium-price">
        {plans.isPending
          ? 'Premium character: checking the price…'
          : plan && price
            ? `Premium character: with ${plan.name}, from ${price}`
            : 'Premium character: needs a membership'}
      </p>
    </div>
  );
}
