// The crisis protocol's message (docs/compliance.md "Crisis protocol"): shown under a message of yours that spoke of
// suicide or self-harm, with the helplines for your country. Written by people on the server; shown as text.
import { HeartHandshake } from 'lucide-react';
import type { CrisisSupport } from '@reverie/shared';

export function CrisisSupportCard({ support }: { support: CrisisSupport }) {
  return (
    <li className="flex justify-end" data-testid="crisis-support">
      <section
        aria-label="Support is available"
        className="w-full max-w-[min(36rem,92%)] rounded-2xl bg-emerald-400/10 p-4 text-sm leading-6 text-fg ring-1 ring-emerald-400/40"
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
    </li>
  );
}
