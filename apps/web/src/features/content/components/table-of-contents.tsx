import type { TocEntry } from '@reverie/shared/schemas/content';
import { ListTree } from 'lucide-react';
import { cn } from '@/lib/utils';

function Entries({ toc }: { toc: TocEntry[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {toc.map((entry) => (
        <li key={entry.id} className={cn(entry.depth === 3 && 'pl-4')}>
          <a
            href={`#${entry.id}`}
            className={cn(
              'block rounded-lg px-2 py-1 leading-snug transition-colors hover:bg-surface-raised hover:text-fg',
              entry.depth === 2 ? 'text-fg-muted' : 'text-fg-subtle',
            )}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The document's sections. Phones get a collapsible block above the text; wide screens a sticky column.
 * Printing shows it once, expanded, as a plain list.
 */
export function TableOfContents({ toc, className }: { toc: TocEntry[]; className?: string }) {
  if (toc.length === 0) return null;
  return (
    <nav aria-label="Table of contents" className={className}>
      <details className="group rounded-2xl border border-border bg-surface p-3 xl:hidden print:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1 text-sm font-semibold text-fg [&::-webkit-details-marker]:hidden">
          <ListTree className="size-4 text-primary" aria-hidden="true" />
          On this page
          <span className="ml-auto text-xs font-normal text-fg-subtle">{toc.filter((t) => t.depth === 2).length} sections</span>
        </summary>
        <div className="mt-2 border-t border-border pt-2">
          <Entries toc={toc} />
        </div>
      </details>
      <div className="hidden xl:sticky xl:top-24 xl:block xl:max-h-[calc(100dvh-8rem)] xl:overflow-y-auto print:static print:block print:max-h-none">
        <p className="mb-2 flex items-center gap-2 px-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
          <ListTree className="size-4" aria-hidden="true" />
          On this page
        </p>
        <Entries toc={toc} />
      </div>
    </nav>
  );
}
