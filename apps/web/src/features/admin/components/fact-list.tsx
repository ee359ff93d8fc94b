import type { ReactNode } from 'react';

/** Label/value pairs; values are plain text. */
export function FactList({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-fg-subtle">{label}</dt>
          <dd className="min-w-0 break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3 rounded-2xl bg-surface p-5 ring-1 ring-border">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold tracking-wide text-fg-subtle uppercase">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** User text in a box: as text, line breaks kept, long content scrolls. */
export function TextBlock({ children }: { children: string }) {
  return (
    <p className="max-h-72 overflow-y-auto rounded-xl bg-bg/60 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg-muted ring-1 ring-border">
      {children}
    </p>
  );
}
