import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/utils';

export const TEST_MODE_TEXT = 'Test mode — no real money';

/** Said on every sandbox screen: the built-in processor never moves money. */
export function TestModeBanner({ className, detail }: { className?: string; detail?: string }) {
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-warning/40 bg-warning/10 px-3 py-2 text-sm font-semibold text-warning',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {TEST_MODE_TEXT}
        {detail ? <span className="font-normal text-warning/90"> · {detail}</span> : null}
      </span>
    </div>
  );
}
