import type { GroupTurnMode } from '@reverie/shared';
import { SegmentedControl } from '@/components/ui/segmented-control';

const OPTIONS = [
  { value: 'natural', label: 'Natural' },
  { value: 'round_robin', label: 'Round robin' },
  { value: 'manual', label: 'Manual' },
] as const;

const HELP: Record<GroupTurnMode, string> = {
  natural: 'Whoever you name replies; otherwise the one you answered, then whoever has waited longest.',
  round_robin: 'Characters reply in turn, in the order of the group.',
  manual: 'You pick who replies to each message.',
};

export function TurnModeField({ value, onChange }: { value: GroupTurnMode; onChange: (v: GroupTurnMode) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-fg" id="turn-mode-label">
        Turns
      </span>
      <SegmentedControl label="Turns" value={value} options={OPTIONS} onChange={onChange} />
      <p className="text-xs text-fg-subtle">{HELP[value]}</p>
    </div>
  );
}
