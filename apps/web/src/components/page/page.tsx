import type { ReactNode } from 'react';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { cn } from '@/lib/utils';

interface PageProps {
  title: ReactNode;
  /** The browser tab's title ("… · Reverie"); defaults to `title` when that is plain text. */
  documentTitle?: string;
  description?: ReactNode;
  /** A small icon shown beside the title. */
  icon?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The standard page frame: an h1 heading, a short lead sentence, optional actions, then the body. */
export function Page({ title, documentTitle, description, icon, actions, children, className }: PageProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  useMetaDescription(typeof description === 'string' ? description : undefined);
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10', className)}>
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-3">
          {icon ? (
            <span
              aria-hidden="true"
              className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/25 [&_svg]:size-5"
            >
              {icon}
            </span>
          ) : null}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
            {description ? <p className="mt-1 max-w-2xl text-sm text-fg-muted sm:text-base">{description}</p> : null}
          </div>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
