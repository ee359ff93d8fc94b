import { useState } from 'react';
import { Tags } from 'lucide-react';
import { FALLBACK_TAGS, type User } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { TagPreferencesDialog } from './tag-preferences-dialog';
import { SettingsSection } from '@/components/page/settings-section';

const displayName = (name: string) => FALLBACK_TAGS.find((t) => t.name === name)?.displayName ?? name;

/** The user's interest tags and the "Update Your Preferences" dialog. */
export function PreferencesCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const tags = user.preferences?.selectedTags ?? [];
  return (
    <SettingsSection id="preferences" title="Preferences" description="The interests we use to pick characters for you." icon={<Tags />}>
      <div className="grid gap-4">
        {tags.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Your tags">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-surface-raised px-3 py-1 text-sm text-fg ring-1 ring-border">
                {displayName(tag)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-muted">You haven&apos;t picked any interests yet.</p>
        )}
        <Button variant="secondary" className="justify-self-start" onClick={() => setOpen(true)}>
          Update preferences
        </Button>
      </div>
      {open ? <TagPreferencesDialog mode="update" open onOpenChange={setOpen} /> : null}
    </SettingsSection>
  );
}
