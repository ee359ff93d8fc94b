import { QueueKind, type QueueKind as Kind } from '@reverie/shared';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { KIND_LABELS } from '../lib/labels';

export type StatusFilter = 'open' | 'resolved' | 'dismissed' | 'all';

export interface QueueFilterValue {
  status: StatusFilter;
  kind?: Kind;
  highOnly: boolean;
}

interface Props {
  value: QueueFilterValue;
  openCounts: Record<string, number>;
  onChange: (v: QueueFilterValue) => void;
}

/** Status, kind (with how many are open) and "high priority only". */
export function QueueFilters({ value, openCounts, onChange }: Props) {
  const kinds: Array<[Kind | undefined, string]> = [
    [undefined, 'Everything'],
    ...QueueKind.options.map((k) => [k, KIND_LABELS[k]] as [Kind, string]),
  ];
  const totalOpen = Object.values(openCounts).reduce((a, b) => a + b, 0);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl<StatusFilter>
          label="Status"
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
            { value: 'dismissed', label: 'Dismissed' },
            { value: 'all', label: 'All' },
          ]}
          className="max-w-full overflow-x-auto"
        />
        <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
          <Switch
            checked={value.highOnly}
            onCheckedChange={(highOnly) => onChange({ ...value, highOnly })}
            aria-label="High priority only"
          />
          High priority only
        </label>
      </div>
      <div role="group" aria-label="Kind" className="flex flex-wrap gap-1.5">
        {kinds.map(([k, label]) => {
          const count = k ? (openCounts[k] ?? 0) : totalOpen;
          return (
            <button
              key={label}
              type="button"
              aria-pressed={value.kind === k}
              onClick={() => onChange({ ...value, kind: k })}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                value.kind === k ? 'bg-primary/15 text-primary ring-primary/40' : 'bg-surface text-fg-muted ring-border hover:text-fg',
              )}
            >
              {label}
              <span className="rounded-full bg-black/30 px-1.5 tabular-nums" aria-label={`${count} open`}>
                {count}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
