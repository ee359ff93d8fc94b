import { Eye, EyeOff } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';

/** Header NSFW filter toggle (product.md §4): off by default, meaning NSFW items are blurred. */
export function NsfwToggle() {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const hint = showNsfw ? 'NSFW content is visible. Click to blur it.' : 'NSFW content is blurred. Click to show it.';
  return (
    <Tooltip content={hint}>
      <button
        type="button"
        // Starts with the '18+' it shows (WCAG 2.5.3).
        aria-label={showNsfw ? '18+ NSFW content visible: blur it' : '18+ NSFW content blurred: show it'}
        onClick={() => setShowNsfw(!showNsfw)}
        className={cn(
          'inline-flex h-11 min-w-11 items-center sm:h-9 sm:min-w-9 justify-center gap-1.5 rounded-full px-2 sm:px-2.5 text-xs font-bold tracking-wide ring-1 transition-colors',
          showNsfw
            ? 'bg-primary-strong/20 text-primary ring-primary/40 hover:bg-primary-strong/30'
            : 'bg-surface text-fg-muted ring-border hover:bg-surface-raised hover:text-fg',
        )}
      >
        {showNsfw ? <Eye className="size-4" aria-hidden="true" /> : <EyeOff className="size-4" aria-hidden="true" />}
        <span aria-hidden="true" className="hidden sm:inline">
          18+
        </span>
      </button>
    </Tooltip>
  );
}
