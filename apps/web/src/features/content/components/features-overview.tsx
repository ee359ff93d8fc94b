import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  Coins,
  Heart,
  ImagePlus,
  LayoutGrid,
  MessageCircle,
  Rocket,
  Search,
  ShieldCheck,
  Sparkles,
  UserRound,
  WandSparkles,
} from 'lucide-react';
import { Page } from '@/components/page/page';
import { Badge } from '@/components/ui/badge';
import { NsfwBlur } from '@/components/ui/nsfw-blur';
import { useTags } from '@/features/tags';
import { buildUrl } from '@/lib/api-client';
import { useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';
import { GuideCard } from './guide-card';
import { routeKey, useApiRoutes } from '../api/get-api-routes';
import { useGuides } from '../api/get-guides';

interface Feature {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
  to: string;
  cta: string;
  /** The server route that must exist for the feature to be live ("METHOD /path" as in the OpenAPI document). */
  needs: string;
}

export const FEATURES: Feature[] = [
  {
    icon: Sparkles,
    title: 'A feed made for you',
    text: 'A wall of characters ranked by the tags you picked and the creators you follow, with search that forgives typos.',
    to: '/',
    cta: 'Open For You',
    needs: 'GET /api/characters',
  },
  {
    icon: MessageCircle,
    title: 'Chat that remembers',
    text: 'Replies stream in as they are written. Swipe between alternatives, edit, continue, and pin facts to the memory panel.',
    to: '/chat',
    cta: 'Your chats',
    needs: 'POST /api/chat/{id}/message',
  },
  {
    icon: WandSparkles,
    title: 'Create characters',
    text: 'A guided creator with live preview, lorebooks, and Character Card V2/V3 import and export.',
    to: '/create-character',
    cta: 'Create a character',
    needs: 'POST /api/characters',
  },
  {
    icon: ImagePlus,
    title: 'Generate images',
    text: 'Pictures of your characters in any scene, and pictures sent in the middle of a chat.',
    to: '/generate-images',
    cta: 'Generate images',
    needs: 'POST /api/image-generation/generate',
  },
  {
    icon: LayoutGrid,
    title: 'Galleries and showcase',
    text: "The community's best pictures, every character's gallery, and your own.",
    to: '/showcase',
    cta: 'Open the showcase',
    needs: 'GET /api/images',
  },
  {
    icon: Heart,
    title: 'Likes, favorites and follows',
    text: 'Keep the characters you love close and follow the creators behind them. Guests can like and favorite too.',
    to: '/favorites',
    cta: 'Your favorites',
    needs: 'GET /api/favorites',
  },
  {
    icon: Coins,
    title: 'Coins and memberships',
    text: 'Free messages every day, coins for extras, and plans with monthly coins and premium characters.',
    to: '/subscribe',
    cta: 'See the plans',
    needs: 'GET /api/subscriptions/plans',
  },
  {
    icon: UserRound,
    title: 'Your account',
    text: 'Sign up with e-mail or Google, choose your interests, set an avatar and a bio, and control notifications.',
    to: '/settings',
    cta: 'Account settings',
    needs: 'GET /api/auth/me',
  },
  {
    icon: BookOpen,
    title: 'Guides and FAQ',
    text: 'Practical articles on writing characters, chatting, images and coins, with a searchable FAQ.',
    to: '/guides',
    cta: 'Read the guides',
    needs: 'GET /api/guides',
  },
];

type Availability = 'live' | 'soon' | 'unknown';

function StatusBadge({ state }: { state: Availability }) {
  if (state === 'live') return <Badge variant="success">Available</Badge>;
  if (state === 'soon') return <Badge>Coming soon</Badge>;
  return null;
}

function TagCloud() {
  const tags = useTags();
  const shown = (tags.data ?? []).filter((t) => !t.isNSFW).slice(0, 18);
  if (tags.isPending) return <div aria-hidden="true" className="h-20 animate-pulse rounded-xl bg-surface-raised" />;
  if (shown.length === 0) return <p className="text-sm text-fg-muted">Tags appear here once the server has them.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Some of the tags on Reverie">
      {shown.map((t) => (
        <li key={t.name}>
          <Link
            to={`/tags/${encodeURIComponent(t.name)}`}
            className="inline-flex items-center gap-1 rounded-full bg-surface-raised px-3 py-1 text-sm text-fg-muted ring-1 ring-border hover:text-fg hover:ring-primary/40"
          >
            <span aria-hidden="true" className="text-primary/70">
              #
            </span>
            {t.displayName}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NsfwDemo({ coverUrl, alt }: { coverUrl?: string; alt: string }) {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  return (
    <div>
      <NsfwBlur nsfw className="aspect-[40/21] rounded-xl border border-border bg-surface-raised">
        {coverUrl ? <img src={buildUrl(coverUrl)} alt={alt} className="size-full object-cover" /> : <div className="size-full" />}
      </NsfwBlur>
      <button
        type="button"
        onClick={() => setShowNsfw(!showNsfw)}
        aria-pressed={showNsfw}
        className="mt-3 text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {showNsfw ? 'Blur NSFW content again' : 'Show NSFW content (same as the header switch)'}
      </button>
    </div>
  );
}

/** One feature: its icon and availability, what it does, and a link to it unless it is still coming. */
function FeatureCard({ feature, state }: { feature: Feature; state: Availability }) {
  const Icon = feature.icon;
  return (
    <article
      className={cn(
        'flex h-full flex-col rounded-2xl border border-border bg-surface p-5 transition-colors',
        state === 'live' && 'hover:border-primary/40',
      )}
      aria-label={feature.title}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 items-center justify-center rounded-xl bg-linear-to-br from-primary-strong/25 to-accent-strong/25 text-primary ring-1 ring-primary/30"
        >
          <Icon className="size-5" />
        </span>
        <StatusBadge state={state} />
      </div>
      <h2 className="mt-4 font-semibold text-fg">{feature.title}</h2>
      <p className="mt-1 flex-1 text-sm leading-relaxed text-fg-muted">{feature.text}</p>
      {state === 'soon' ? (
        <p className="mt-4 text-sm text-fg-subtle">Arriving in an upcoming release.</p>
      ) : (
        <Link
          to={feature.to}
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {feature.cta}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      )}
    </article>
  );
}

/** `/features`: what Reverie offers, each marked live or coming soon from the server's own route list. */
export function FeaturesOverview() {
  const routes = useApiRoutes();
  const guides = useGuides();
  const availability = (f: Feature): Availability => (routes.data ? (routes.data.has(routeKey(f.needs)) ? 'live' : 'soon') : 'unknown');
  const sample = guides.data?.items[0];

  return (
    <Page title="Features" description="Everything you can do on Reverie, straight from the product." icon={<Rocket />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title}>
            <FeatureCard feature={f} state={availability(f)} />
          </li>
        ))}
      </ul>

      <section aria-labelledby="live-heading" className="mt-12">
        <h2 id="live-heading" className="text-xl font-bold text-fg">
          See it working
        </h2>
        <p className="mt-1 text-sm text-fg-muted">These are the real components, with live data from this server.</p>
        <div className="mt-5 grid gap-4 lg:grid-cols-2">
          <div className="rounded-2xl border border-border bg-surface p-5">
            <h3 className="flex items-center gap-2 font-semibold text-fg">
              <Search className="size-4 text-primary" aria-hidden="true" />
              Find characters by tag
            </h3>
            <p className="mt-1 mb-4 text-sm text-fg-muted">Tap a tag to see every character that carries it.</p>
            <TagCloud />
          </div>
          <div className="rounded-2xl border border-border bg-surface p-5">
            <h3 className="flex items-center gap-2 font-semibold text-fg">
              <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
              NSFW stays blurred until you choose
            </h3>
            <p className="mt-1 mb-4 text-sm text-fg-muted">
              Adult content is flagged by the server and blurred by default, like this picture.
            </p>
            <NsfwDemo coverUrl={sample?.coverUrl} alt={sample?.cover.alt ?? ''} />
          </div>
        </div>
        {guides.data && guides.data.items.length > 0 ? (
          <div className="mt-6">
            <h3 className="mb-3 font-semibold text-fg">Learn the ropes</h3>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {guides.data.items.slice(0, 3).map((g) => (
                <li key={g.slug}>
                  <GuideCard guide={g} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </Page>
  );
}
