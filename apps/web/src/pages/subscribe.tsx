import { Crown, Heart, Infinity as InfinityIcon, Sparkles } from 'lucide-react';
import { Page } from '@/components/page/page';
import { LinkButton } from '@/components/page/link-button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const BENEFITS = [
  { icon: Heart, title: 'Save favorite characters', text: 'Keep the characters you love in one place, on every device.' },
  { icon: InfinityIcon, title: 'Unlimited conversations', text: 'Talk as long as you like without watching the clock.' },
  { icon: Sparkles, title: 'Premium character access', text: 'Unlock characters reserved for members, plus monthly coins.' },
];

export default function SubscribePage() {
  return (
    <Page title="Membership plans" description="Unlock premium characters, unlimited conversations and monthly coins." icon={<Crown />}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="mb-2 size-6 text-primary" aria-hidden="true" />
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="mt-6 flex flex-col items-center gap-3 p-8 text-center">
        <p className="text-base font-semibold text-fg">Choose the plan that suits you</p>
        <p className="max-w-md text-sm text-fg-muted">
          Compare monthly and yearly plans side by side. Already a member? Review your renewal date and invoices.
        </p>
        <LinkButton to="/subscription/manage" variant="secondary">
          Manage membership
        </LinkButton>
      </Card>
    </Page>
  );
}
