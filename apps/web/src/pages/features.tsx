import { Coins, Heart, ImagePlus, LayoutGrid, MessageCircle, Rocket, WandSparkles } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES = [
  { icon: MessageCircle, title: 'Chat with characters', text: 'Conversations that remember the story so far.', to: '/chat' },
  { icon: WandSparkles, title: 'Create your own', text: 'Shape a personality, a backstory and a look.', to: '/create-character' },
  { icon: ImagePlus, title: 'Generate images', text: 'Put your characters in any scene you can describe.', to: '/generate-images' },
  { icon: LayoutGrid, title: 'Galleries', text: "Browse the community's best images and your own.", to: '/showcase' },
  { icon: Heart, title: 'Favorites and likes', text: 'Keep the characters you love close at hand.', to: '/favorites' },
  { icon: Coins, title: 'Coins and memberships', text: 'Pay as you go, or unlock everything with a plan.', to: '/subscribe' },
];

export default function FeaturesPage() {
  return (
    <Page title="Features" description="Everything you can do on Reverie." icon={<Rocket />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text, to }) => (
          <li key={title}>
            <Card className="flex h-full flex-col">
              <CardHeader className="flex-1">
                <Icon className="mb-2 size-6 text-primary" aria-hidden="true" />
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
              <div className="px-5 pb-5">
                <LinkButton to={to} variant="link" size="sm">
                  Open
                </LinkButton>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Page>
  );
}
