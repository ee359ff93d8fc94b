// The crisis protocol's message (docs/compliance.md "Crisis protocol"): shown under a message of yours that spoke of
// suicide or self-harm, or beside a picture request that did, with the helplines for your country. Written by people
// on the server; shown as text.
import { HeartHandshake } from 'lucide-react';
import type { CrisisSupport } from '@reverie/shared';
import { cn } from '@/lib/utils';

/** In a conversation: an item of the message list, under the message it came with. */
export function CrisisSupportCard({ support }: { support: CrisisSupport }) {
  return (
    <li className="flex justify-end" data-testid="crisis-support">
      <CrisisSupportSection support={support} className="max-w-[min(36rem,92%)]" />
    </li>
  );
}

/** Outside a conversation (a picture's request on the image page): the same card, as wide as where it is put. */
export function CrisisSupportNotice({ support }: { support: CrisisSupport }) {
  return (
    <div data-testid="crisis-support">
      <CrisisSupportSection support={support} />
    </div>
  );
}

function CrisisSupportSection({ support, className }: { support: CrisisSupport; className?: string }) {
  return (
    <section
      aria-label="Support is available"
      className={cn('w-full rounded-2xl bg-emerald-400/10 p-4 text-sm leading-6 text-fg ring-1 ring-emerald-400/40', className)}
    >
      <h2 className="mb-1 flex items-center gap-2 font-semibold text-emerald-200">
        <HeartHandshake className="size-4" aria-hidden="true" /> You don't have to go through this alone
      </h2>
      <p className="text-fg-muted">{support.message}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {support.resources.map((r) => (
          <li key={r.name} className="rounded-lg bg-bg/40 px-3 py-2 ring-1 ring-border">
            <span className="block font-medium text-fg">{r.name}</span>
            <span className="block text-fg-muted">{r.contact}</span>
            {r.url ? (
              <a
                className="text-emerald-300 underline underline-offset-2 hover:text-emerald-200"
                href={r.url}
                target="_blank"
                rel="noreferrer noopener"
              >
                {r.url.replace(/^https?:\/\/(www\.)?/, '')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-fg-subtle">{support.emergency}</p>
      <p className="mt-1 text-xs text-fg-subtle">
        <a className="underline underline-offset-2" href="/legal/crisis-protocol">
          How Reverie handles this
        </a>
      </p>
    </section>
  );
}
