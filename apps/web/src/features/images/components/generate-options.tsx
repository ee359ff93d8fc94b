import { useId } from 'react';
import { IMAGE_ASPECTS, MAX_IMAGES_PER_REQUEST, type ImageAspect } from '@reverie/shared';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Switch } from '@/components/ui/switch';
import { useImageModels } from '../api/get-models';

export interface GenerateOptionsValue {
  model: string;
  aspect: ImageAspect;
  count: number;
  share: boolean;
}

const ASPECTS = (Object.keys(IMAGE_ASPECTS) as ImageAspect[]).map((a) => ({ value: a, label: a.charAt(0).toUpperCase() + a.slice(1) }));
const COUNTS = Array.from({ length: MAX_IMAGES_PER_REQUEST }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** Model, shape, how many, and whether the pictures go straight to the public gallery. */
export function GenerateOptions({
  value,
  onChange,
  ready,
}: {
  value: GenerateOptionsValue;
  onChange: (v: GenerateOptionsValue) => void;
  ready: boolean;
}) {
  const id = useId();
  const models = useImageModels(ready);
  const set = (patch: Partial<GenerateOptionsValue>) => onChange({ ...value, ...patch });
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-model`}>Model</Label>
        <select
          id={`${id}-model`}
          value={value.model}
          onChange={(e) => set({ model: e.target.value })}
          className="h-10 w-full rounded-xl bg-surface-raised px-3 text-sm text-fg ring-1 ring-border focus:ring-2 focus:ring-primary focus:outline-none"
        >
          <option value="">Default model</option>
          {(models.data?.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        {models.isError ? <p className="text-xs text-fg-subtle">The model list could not be loaded; the default model is used.</p> : null}
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <div className="grid gap-1.5">
          <span className="text-sm font-medium text-fg">Shape</span>
          <SegmentedControl label="Shape" value={value.aspect} options={ASPECTS} onChange={(aspect) => set({ aspect })} />
        </div>
        <div className="grid gap-1.5">
          <span className="text-sm font-medium text-fg">Pictures</span>
          <SegmentedControl label="Pictures" value={String(value.count)} options={COUNTS} onChange={(c) => set({ count: Number(c) })} />
        </div>
      </div>
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <Label htmlFor={`${id}-share`}>Share in the public gallery</Label>
          <p className="text-xs text-fg-subtle">Off: only you see them (you can share any one later).</p>
        </div>
        <Switch id={`${id}-share`} checked={value.share} onCheckedChange={(share) => set({ share })} />
      </div>
    </>
  );
}
