import { useId } from 'react';
import { AlertCircle, CheckCircle2, EyeOff, Globe, Link2, Lock } from 'lucide-react';
import type { CharacterVisibility } from '@reverie/shared';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { CHARACTER_LIMITS, STEPS, ratingOf, stepErrors } from '../lib/form';
import type { CharacterFormState } from '../hooks/use-character-form';
import { TextField } from './text-field';
import { VoiceField } from './voice-field';
import { formatNumber } from '@/lib/format';

const VISIBILITY: Array<{ value: CharacterVisibility; label: string; text: string; icon: typeof Globe }> = [
  { value: 'private', label: 'Private', text: 'Only you can see and chat with it.', icon: Lock },
  { value: 'unlisted', label: 'Unlisted', text: 'Anyone with the link; not in lists or search.', icon: Link2 },
  { value: 'public', label: 'Public', text: 'In the feed, search and on your creator page.', icon: Globe },
];

interface VisibilityFieldProps {
  value: CharacterVisibility;
  onChange: (value: CharacterVisibility) => void;
  /** Hidden by moderators: only Private can be chosen. */
  held: boolean;
  error?: string;
  errorId: string;
}

/** "Who can see it": the moderators' note when it is held, the three visibility choices and their error. */
function VisibilityField({ value, onChange, held, error, errorId }: VisibilityFieldProps) {
  return (
    <fieldset className="grid min-w-0 gap-2.5" data-field="visibility">
      <legend className="mb-2 text-sm font-semibold text-fg">Who can see it</legend>
      {held ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl bg-danger-strong/10 px-3 py-2.5 text-sm text-fg-muted ring-1 ring-danger/30"
        >
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>
            <span className="font-semibold text-fg">Hidden by moderators.</span> You can keep editing it, but it stays private until they
            restore it.
          </span>
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-label="Visibility"
        aria-describedby={error ? errorId : undefined}
        className="grid grid-cols-1 gap-2 sm:grid-cols-3"
      >
        {VISIBILITY.map((v) => {
          const checked = value === v.value;
          const locked = held && v.value !== 'private';
          return (
            <button
              key={v.value}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={locked}
              onClick={() => onChange(v.value)}
              className={cn(
                'flex items-start gap-3 rounded-2xl p-3 text-left ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
                checked ? 'bg-primary/10 ring-primary' : 'bg-surface-raised ring-border hover:ring-border-strong',
              )}
            >
              <v.icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-primary' : 'text-fg-subtle')} />
              <span>
                <span className="block text-sm font-semibold text-fg">{v.label}</span>
                <span className="block text-xs text-fg-muted">{v.text}</span>
              </span>
            </button>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-danger">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The switch that lets others export the character as a Character Card. */
function DownloadSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-2xl bg-surface-raised p-4 ring-1 ring-border">
      <label htmlFor={id} className="grid gap-0.5">
        <span className="text-sm font-semibold text-fg">Allow others to download this card</span>
        <span className="text-xs text-fg-muted">People can export a public character as a Character Card (PNG or JSON).</span>
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** The collapsed prompt fields for experienced creators: system prompt, post-history instructions and creator's notes. */
function AdvancedFields({ state }: { state: CharacterFormState }) {
  const { form, set, touch, errors } = state;
  return (
    <details className="group rounded-2xl bg-surface-raised p-4 ring-1 ring-border">
      <summary className="cursor-pointer text-sm font-semibold text-fg focus-visible:outline-2 focus-visible:outline-ring">
        Advanced: prompt and notes
      </summary>
      <div className="mt-4 grid gap-5">
        <TextField
          name="systemPrompt"
          label="System prompt"
          rows={4}
          value={form.systemPrompt}
          onChange={(v) => set('systemPrompt', v)}
          onBlur={() => touch('systemPrompt')}
          max={CHARACTER_LIMITS.systemPrompt}
          error={errors.systemPrompt}
          hint="Instructions to the model before the character's description. Leave empty for the default."
        />
        <TextField
          name="postHistoryInstructions"
          label="Post-history instructions"
          rows={3}
          value={form.postHistoryInstructions}
          onChange={(v) => set('postHistoryInstructions', v)}
          onBlur={() => touch('postHistoryInstructions')}
          max={CHARACTER_LIMITS.postHistoryInstructions}
          error={errors.postHistoryInstructions}
        />
        <TextField
          name="creatorNotes"
          label="Creator's notes"
          rows={3}
          value={form.creatorNotes}
          onChange={(v) => set('creatorNotes', v)}
          onBlur={() => touch('creatorNotes')}
          max={CHARACTER_LIMITS.creatorNotes}
          error={errors.creatorNotes}
          hint="Shown with the card; not sent to the model."
        />
      </div>
    </details>
  );
}

/** Visibility, downloads, the prompt fields for experienced creators, and (with `onEditStep`) a summary of every step. */
export function StepPublish({ state, onEditStep }: { state: CharacterFormState; onEditStep?: (step: number) => void }) {
  const { form, set, errors } = state;
  const downloadId = useId();
  const errorId = useId();
  // Moderators hid it: it stays private until they restore it (the server refuses anything else with 409).
  const held = Boolean(state.profile?.moderationHidden);
  return (
    <div className="grid grid-cols-1 gap-6">
      <VisibilityField
        value={form.visibility}
        onChange={(v) => set('visibility', v)}
        held={held}
        error={errors.visibility}
        errorId={errorId}
      />

      <DownloadSwitch id={downloadId} checked={form.allowDownload} onChange={(v) => set('allowDownload', v)} />

      <VoiceField value={form.voice} onChange={(v) => set('voice', v)} />

      <AdvancedFields state={state} />

      {errors.card ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-danger-strong/10 px-3 py-2.5 text-sm text-danger ring-1 ring-danger/40"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {errors.card}
        </p>
      ) : null}

      {onEditStep ? <Review state={state} onEditStep={onEditStep} /> : null}
    </div>
  );
}

function greetingCount(form: CharacterFormState['form']): string {
  const n = (form.greeting ? 1 : 0) + form.alternateGreetings.filter((g) => g.trim()).length;
  return n === 0 ? 'Empty' : n === 1 ? '1 greeting' : `${n} greetings`;
}

function Review({ state, onEditStep }: { state: CharacterFormState; onEditStep: (step: number) => void }) {
  const { form, errors } = state;
  const rating = ratingOf(form.tags);
  const rows = [
    { step: 0, label: 'Name', value: form.name || 'Missing' },
    { step: 0, label: 'Portrait', value: state.avatarUrl ? (state.avatarPending ? 'New, uploaded when you save' : 'Set') : 'None yet' },
    { step: 1, label: 'Personality', value: form.personality ? `${formatNumber(form.personality.length)} characters` : 'Empty' },
    { step: 2, label: 'Greeting', value: greetingCount(form) },
    { step: 3, label: 'Tags', value: `${form.tags.length} chosen${rating ? `, rated ${rating.toUpperCase()}` : ', no content rating'}` },
  ];
  const book = state.profile?.definition?.characterBook?.entries.length ?? 0;
  const extensions = Object.keys(state.profile?.definition?.extensions ?? {}).length;
  return (
    <section aria-label="Review" className="grid grid-cols-1 gap-2">
      <h3 className="text-sm font-semibold text-fg">Review</h3>
      <ul className="divide-y divide-border rounded-2xl bg-surface ring-1 ring-border">
        {rows.map((r) => {
          const bad = stepErrors(errors, r.step).length > 0;
          return (
            <li key={r.label} className="flex items-center gap-3 px-4 py-2.5 text-sm">
              {bad ? (
                <AlertCircle aria-label="Needs attention" className="size-4 shrink-0 text-danger" />
              ) : (
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
              )}
              <span className="w-24 shrink-0 text-fg-subtle">{r.label}</span>
              <span className="min-w-0 grow truncate text-fg">{r.value}</span>
              <button
                type="button"
                onClick={() => onEditStep(r.step)}
                className="shrink-0 rounded-lg px-2 py-1 text-primary hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring"
              >
                Edit <span className="sr-only">{STEPS[r.step]!.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {book || extensions ? (
        <p className="text-xs text-fg-subtle">
          Kept from the imported card and written back on export:{' '}
          {[
            book ? `a lorebook of ${book} ${book === 1 ? 'entry' : 'entries'}` : null,
            extensions ? `${extensions} extension ${extensions === 1 ? 'field' : 'fields'}` : null,
          ]
            .filter(Boolean)
            .join(' and ')}
          .
        </p>
      ) : null}
    </section>
  );
}
