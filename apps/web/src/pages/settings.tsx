import { useId } from 'react';
import { Settings } from 'lucide-react';
import { Page } from '@/components/page/page';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useImageBlur, useShowNsfw } from '@/lib/nsfw';

function SettingRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-6 p-5">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

export default function SettingsPage() {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const [imageBlur, setImageBlur] = useImageBlur();
  return (
    <Page title="Account settings" description="Manage your preferences, profile and security." icon={<Settings />}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-fg-subtle uppercase">Content</h2>
      <Card className="divide-y divide-border">
        <SettingRow
          label="Show NSFW content"
          hint="When off, characters and images marked NSFW are blurred."
          checked={showNsfw}
          onChange={setShowNsfw}
        />
        <SettingRow
          label="Blur images"
          hint="Blur generated images until you choose to reveal them."
          checked={imageBlur}
          onChange={setImageBlur}
        />
      </Card>
    </Page>
  );
}
