import { lazy, Suspense, useState } from 'react';
import { Eye, EyeOff, Lock } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { useAgeState } from '@/features/age-assurance';
import { useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';

// Loaded the first time a locked switch is pressed (by its path: it stays out of the first page load).
const AgeLockDialog = lazy(() => import('@/features/age-assurance/components/age-lock-dialog').then((m) => ({ default: m.AgeLockDialog })));

/**
 * Header NSFW filter toggle (product.md §4): off by default, meaning NSFW items are blurred. Where age assurance is
 * required and not done (docs/compliance.md) it shows a lock and opens the "Verify my age" dialog instead.
 */
export function NsfwToggle() {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const age = useAgeState();
  const [asking, setAsking] = useState(false);
  const locked = age.data?.locked === true;
  const on = showNsfw && !locked;
  const hint = locked
    ? 'Adult content needs an age check where you are. Click to verify your age.'
    : on
      ? 'NSFW content is visible. Click to blur it.'
      : 'NSFW content is blurred. Click to show it.';
  return (
    <>
      <Tooltip content={hint}>
        <button
          type="button"
          // Starts with the '18+' it shows (WCAG 2.5.3).
          aria-label={
            locked
              ? '18+ NSFW content locked: verify your age'
              : on
                ? '18+ NSFW content visible: blur it'
                : '18+ NSFW content blurred: show it'
          }
          data-testid="nsfw-toggle"
          onClick={() => (locked ? setAsking(true) : setShowNsfw(!showNsfw))}
          className={cn(
            'inline-flex h-11 min-w-11 items-center sm:h-9 sm:min-w-9 justify-center gap-1.5 rounded-full px-2 sm:px-2.5 text-xs font-bold tracking-wide ring-1 transition-colors',
            on
              ? 'bg-primary-strong/20 text-primary ring-primary/40 hover:bg-primary-strong/30'
              : 'bg-surface text-fg-muted ring-border hover:bg-surface-raised hover:text-fg',
          )}
        >
          {locked ? (
            <Lock className="size-4" aria-hidden="true" />
          ) : on ? (
            <Eye className="size-4" aria-hidden="true" />
          ) : (
            <EyeOff className="size-4" aria-hidden="true" />
          )}
          <span aria-hidden="true" className="hidden sm:inline">
            18+
          </span>
        </button>
      </Tooltip>
      {asking ? (
        <Suspense fallback={null}>
          <AgeLockDialog open={asking} onOpenChange={setAsking} message={age.data?.message ?? null} />
        </Suspense>
      ) : null}
    </>
  );
}
