import { Link } from 'react-router';
import { Compass, Sparkles, WandSparkles } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

export default function HomePage() {
  useDocumentTitle('For You');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <section
        aria-labelledby="discover-heading"
        className="relative mb-8 overflow-hidden rounded-3xl border border-border bg-surface px-6 py-8 sm:px-10 sm:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-16 size-72 rounded-full bg-primary-strong/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-24 left-1/3 size-72 rounded-full bg-accent-strong/25 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary ring-1 ring-primary/30">
            <Sparkles className="size-3.5" aria-hidden="true" />
            For you
          </p>
          <h1 id="discover-heading" className="text-3xl font-extrabold tracking-tight text-fg sm:text-5xl">
            Discover characters
          </h1>
          <p className="mt-3 text-base text-fg-muted sm:text-lg">
            Companions, rivals and adventurers, each with their own voice. Pick one and start a conversation.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/create-character">
                <WandSparkles aria-hidden="true" />
                Create a character
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/guides">
                <Compass aria-hidden="true" />
                How it works
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="feed-heading">
        <h2 id="feed-heading" className="mb-4 text-lg font-semibold text-fg">
          Trending now
        </h2>
        <EmptyState
          icon={<Sparkles />}
          title="No characters to show yet"
          description="New characters appear here as creators publish them. Be the first: design a character and share it with the community."
          action={
            <Button asChild variant="outline">
              <Link to="/create-character">Start creating</Link>
            </Button>
          }
        />
      </section>
    </div>
  );
}
