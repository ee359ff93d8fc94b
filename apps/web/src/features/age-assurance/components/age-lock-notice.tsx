import { ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import { VerifyAgeButton } from './verify-age-button';

/** The sentence the server sends with every refusal, for when none is at hand. */
export const AGE_LOCKED_FALLBACK =
  'Where you are, the law asks us to check your age before showing adult content: verify your age to open it.';

/**
 * What a locked NSFW surface shows instead of its content: one clear sentence and "Verify my age" (never a dead
 * end). `compact` is the one-line banner above a list.
 */
export function AgeLockNotice({ message, compact = false, className }: { message?: string | null; compact?: boolean; className?: string }) {
  const text = message ?? AGE_LOCKED_FALLBACK;
  if (compact) {
    return (
      <div
        role="note"
        data-testid="age-lock-banner"
        className={cn(
          'flex flex-col gap-3 rounded-2xl border border-warning/40 bg-warning/10 p-3 text-sm text-fg sm:flex-row sm:items-center',
          className,
        )}
      >
        <ShieldAlert aria-hidden="true" className="hidden size-5 shrink-0 text-warning sm:block" />
        <p className="grow">{text} Everything else stays open.</p>
        <VerifyAgeButton size="sm" />
      </div>
    );
  }
  return (
    <section
      data-testid="age-lock-notice"
      aria-labelledby="age-lock-title"
      className={cn(
        'mx-auto grid max-w-md justify-items-center gap-4 rounded-3xl border border-border bg-surface p-6 text-center',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-2xl bg-warning/15 text-warning ring-1 ring-warning/30"
      >
        <ShieldAlert className="size-6" />
      </span>
      <h2 id="age-lock-title" className="text-lg font-bold text-fg">
        Adult content needs an age check here
      </h2>
      <p className="text-sm text-fg-muted">{text}</p>
      <VerifyAgeButton />
    </section>
  );
}
