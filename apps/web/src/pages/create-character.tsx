import { BookHeart, Brush, Rocket, UserRoundPen, WandSparkles } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Card } from '@/components/ui/card';

const STEPS = [
  { icon: UserRoundPen, title: 'Identity', text: 'Name, age (18+), gender and a one-line tagline.' },
  { icon: BookHeart, title: 'Personality', text: 'Traits, backstory, scenario and how they greet you.' },
  { icon: Brush, title: 'Appearance', text: 'Describe their look and generate a portrait.' },
  { icon: Rocket, title: 'Publish', text: 'Keep them private or share them with the community.' },
];

export default function CreateCharacterPage() {
  return (
    <Page
      title="Create a character"
      description="Design a personality, a look and a story, then start chatting."
      icon={<WandSparkles />}
      actions={
        <LinkButton to="/create-character-old" variant="ghost" size="sm">
          Use the classic creator
        </LinkButton>
      }
    >
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title}>
            <Card className="h-full p-5">
              <div className="mb-3 flex items-center gap-3">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary ring-1 ring-primary/30">
                  {i + 1}
                </span>
                <Icon className="size-5 text-fg-subtle" aria-hidden="true" />
              </div>
              <h2 className="font-semibold text-fg">{title}</h2>
              <p className="mt-1 text-sm text-fg-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ol>
    </Page>
  );
}
