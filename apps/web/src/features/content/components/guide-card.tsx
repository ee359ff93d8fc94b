import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import type { GuideSummary } from '@reverie/shared/schemas/content';
import { buildUrl } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** A guide as a card: generated cover, category, title, summary and reading time. */
export function GuideCard({ guide, featured = false }: { guide: GuideSummary; featured?: boolean }) {
  return (
    <Link
      to={`/guides/${guide.slug}`}
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-[border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring',
        featured && 'md:flex-row',
      )}
    >
      <span
        className={cn('relative block aspect-[40/21] shrink-0 overflow-hidden bg-surface-raised', featured && 'md:aspect-auto md:w-3/5')}
      >
        <img
          src={buildUrl(guide.coverUrl)}
          alt={guide.cover.alt}
          width={1200}
          height={630}
          loading={featured ? 'eager' : 'lazy'}
          className="size-full object-cover object-[70%_50%] transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </span>
      <span className={cn('flex flex-1 flex-col p-4 sm:p-5', featured && 'md:justify-center md:p-8')}>
        <span className="text-xs font-semibold tracking-wider text-accent uppercase">{guide.category}</span>
        <span
          className={cn(
            'mt-1.5 block font-semibold text-balance text-fg group-hover:text-primary',
            featured ? 'text-xl sm:text-2xl' : 'text-lg',
          )}
        >
          {guide.title}
        </span>
        <span className={cn('mt-2 block text-sm leading-relaxed text-fg-muted', !featured && 'line-clamp-3')}>{guide.summary}</span>
        <span className="mt-auto flex items-center gap-1.5 pt-4 text-xs text-fg-subtle">
          <Clock className="size-3.5" aria-hidden="true" />
          {guide.readingMinutes} min read
        </span>
      </span>
    </Link>
  );
}
