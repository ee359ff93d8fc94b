import { useState, type ComponentProps } from 'react';
import { LogOut, Sparkles } from 'lucide-react';
import { TAG_SELECTION } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormError } from '@/components/form/form-parts';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { OnboardingConfirmations } from './onboarding-confirmations';
import { TagLoadNotice } from '@/features/tags';
import { missingTagsLabel, resolveTagOptions, toggleTag } from '@/features/tags';
import { TagPicker } from '@/features/tags';
import { useTags } from '@/features/tags';
import { useUpdatePreferences } from '../api/update-preferences';

export type TagDialogMode = 'firstTime' | 'update';

/** Why saving is not possible yet, in the order the dialog asks for things; empty when nothing is missing. */
export function saveBlockers(state: { missingTags: number; firstTime: boolean; adult: boolean; terms: boolean }): string[] {
  const out: string[] = [];
  if (state.missingTags > 0) out.push(`pick ${state.missingTags} more ${state.missingTags === 1 ? 'tag' : 'tags'}`);
  if (state.firstTime && !state.adult) out.push('confirm you are 18 or older');
  if (state.firstTime && !state.terms) out.push('agree to the Terms of Service and Privacy Policy');
  return out;
}
export const PREFERENCES_UPDATE_FAILED = 'Failed to update preferences';
const block = (e: Event) => e.preventDefault();

interface TagPreferencesDialogProps {
  mode: TagDialogMode;
  open: boolean;
  /** Update mode only: first-time setup cannot be dismissed until saved. */
  onOpenChange?: (open: boolean) => void;
  onSaved?: () => void;
}

/** The dialog's title, first time or update, and what it asks for. */
function TagDialogHeader({ firstTime }: { firstTime: boolean }) {
  return (
    <div className="border-b border-border px-6 pt-6 pb-4 sm:px-8">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 items-center justify-center rounded-xl bg-linear-to-br from-primary-strong to-accent-strong text-white shadow-glow"
        >
          <Sparkles className="size-5" />
        </span>
        <DialogTitle className="text-xl font-bold">{firstTime ? 'Welcome Aboard' : 'Update Your Preferences'}</DialogTitle>
      </div>
      <DialogDescription className="mt-2">
        Pick {TAG_SELECTION.min} to {TAG_SELECTION.max} tags you&apos;re into and we&apos;ll tailor the characters you see.
      </DialogDescription>
    </div>
  );
}

/** The scrolling tag picker, with placeholders while the tags load. */
function TagChoices({
  loaded,
  tags,
  selected,
  onToggle,
}: { loaded: boolean } & Pick<ComponentProps<typeof TagPicker>, 'tags' | 'selected' | 'onToggle'>) {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5 sm:px-8" aria-busy={!loaded}>
      {loaded ? (
        <TagPicker tags={tags} selected={selected} onToggle={onToggle} />
      ) : (
        <div className="grid gap-3" aria-label="Loading tags">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-20 animate-pulse rounded-xl bg-surface-raised" />
          ))}
        </div>
      )}
    </div>
  );
}

/** The selected count, sign out (first time) or cancel (update), and the save button. */
function TagDialogActions({
  count,
  firstTime,
  canSave,
  hasBlockers,
  saveLabel,
  onSignOut,
  onCancel,
  onSave,
}: {
  count: number;
  firstTime: boolean;
  canSave: boolean;
  hasBlockers: boolean;
  saveLabel: string;
  onSignOut: () => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  // Phones: the count and the secondary button share a row above the full-width main button.
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-2 sm:flex sm:justify-between">
      <p className="text-sm text-fg-muted" aria-live="polite">
        <span className="font-semibold text-fg tabular-nums">{count}</span> / {TAG_SELECTION.max} selected
      </p>
      <div className="contents sm:flex sm:gap-2">
        {firstTime ? (
          <Button variant="ghost" onClick={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          size="lg"
          disabled={!canSave}
          aria-describedby={hasBlockers ? 'tag-save-blockers' : undefined}
          onClick={onSave}
          className="col-span-2 min-w-44"
          data-testid="tag-save"
        >
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}

/** product.md §2/§5: "Welcome Aboard" (first time, not dismissable) or "Update Your Preferences". 5 to 8 tags. */
export function TagPreferencesDialog({ mode, open, onOpenChange, onSaved }: TagPreferencesDialogProps) {
  const firstTime = mode === 'firstTime';
  const { user, refreshUser, logout } = useSession();
  const tagsQuery = useTags(open);
  const { tags, notice } = resolveTagOptions({ data: tagsQuery.data, error: tagsQuery.error });
  const loaded = tagsQuery.isSuccess || tagsQuery.isError;
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [selected, setSelected] = useState<string[]>(() => (firstTime ? [] : [...(user?.preferences?.selectedTags ?? [])]));
  const [adult, setAdult] = useState(false);
  const [terms, setTerms] = useState(false);
  const update = useUpdatePreferences();
  const saving = update.isPending;
  const [error, setError] = useState<string | null>(null);

  const missing = missingTagsLabel(selected.length);
  const canSave = !missing && (!firstTime || (adult && terms)) && !saving && Boolean(user);
  const blockers = saveBlockers({ missingTags: TAG_SELECTION.min - selected.length, firstTime, adult, terms });

  // mutateAsync, not mutate's callbacks: the first save ends onboarding, which unmounts this dialog at once.
  const save = async () => {
    if (!user || !canSave) return;
    setError(null);
    try {
      await update.mutateAsync({ userId: user.id, selectedTags: selected });
    } catch (err) {
      // product.md §8: an onboarding save failure is only logged; an update failure is shown.
      logError('Saving preferences failed', err);
      if (!firstTime) setError(getErrorMessage(err, PREFERENCES_UPDATE_FAILED));
      return;
    }
    onOpenChange?.(false);
    onSaved?.();
    // product.md §4: the user is refreshed again after the save.
    await refreshUser().catch((err: unknown) => logError('Could not refresh the user', err));
  };

  return (
    <Dialog open={open} onOpenChange={firstTime ? undefined : onOpenChange}>
      <DialogContent
        hideClose={firstTime}
        onEscapeKeyDown={firstTime ? block : undefined}
        onPointerDownOutside={firstTime ? block : undefined}
        onInteractOutside={firstTime ? block : undefined}
        className="flex max-w-3xl flex-col gap-0 p-0"
      >
        <TagDialogHeader firstTime={firstTime} />
        <TagChoices loaded={loaded} tags={tags} selected={selected} onToggle={(name) => setSelected((s) => toggleTag(s, name))} />
        <div className="grid gap-3 border-t border-border px-6 pt-4 pb-6 sm:px-8">
          {firstTime ? <OnboardingConfirmations adult={adult} terms={terms} onAdultChange={setAdult} onTermsChange={setTerms} /> : null}
          {error ? <FormError>{error}</FormError> : null}
          {blockers.length > 0 ? (
            <p id="tag-save-blockers" className="text-center text-xs text-warning sm:text-right sm:text-sm" aria-live="polite">
              To continue: {blockers.join(' · ')}
            </p>
          ) : null}
          <TagDialogActions
            count={selected.length}
            firstTime={firstTime}
            canSave={canSave}
            hasBlockers={blockers.length > 0}
            saveLabel={missing ?? (saving ? 'Saving...' : firstTime ? 'Complete Setup' : 'Save Preferences')}
            onSignOut={() => void logout()}
            onCancel={() => onOpenChange?.(false)}
            onSave={() => void save()}
          />
        </div>
        <TagLoadNotice notice={loaded && !noticeDismissed ? notice : null} onClose={() => setNoticeDismissed(true)} />
      </DialogContent>
    </Dialog>
  );
}
