import { CloudCheck, RotateCcw } from 'lucide-react';
import { useNow } from '@/lib/use-now';
import { formatDate } from '@/lib/format';

function ago(savedAt: number, now: number): string {
  const s = Math.max(0, Math.round((now - savedAt) / 1000));
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min ago` : formatDate(savedAt, 'dateTime');
}

/** "Draft saved just now" (kept in this browser), with a way to throw the draft away. */
export function DraftStatus({ savedAt, restored, onDiscard }: { savedAt: number | null; restored: boolean; onDiscard: () => void }) {
  const now = useNow(15_000);
  if (savedAt === null) return null;
  return (
    <p className="flex items-center gap-2 text-xs text-fg-subtle" aria-live="polite">
      <CloudCheck aria-hidden="true" className="size-4 text-success" />
      <span>
        {restored ? 'Draft restored · ' : ''}Draft saved {ago(savedAt, now)}
      </span>
      <button
        type="button"
        onClick={onDiscard}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-fg-muted hover:bg-surface-raised hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <RotateCcw aria-hidden="true" className="size-3.5" />
        Discard draft
      </button>
    </p>
  );
}
