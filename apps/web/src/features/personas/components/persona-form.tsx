// The persona editor: name, pronouns (a preset or your own), description with its counter, and an avatar.
import { useId, useState, type FormEvent } from 'react';
import { PERSONA_LIMITS, PRONOUN_PRESETS, type Persona } from '@reverie/shared';
import { FormError, FormField } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreatePersona } from '../api/create-persona';
import { useUpdatePersona } from '../api/update-persona';
import { useUploadPersonaAvatar } from '../api/upload-persona-avatar';
import { formatNumber } from '@/lib/format';
import { PersonaAvatarPicker } from './persona-avatar-picker';

type PronounChoice = 'none' | (typeof PRONOUN_PRESETS)[number] | 'custom';

function pronounChoice(pronouns: string | null | undefined): PronounChoice {
  if (!pronouns) return 'none';
  return (PRONOUN_PRESETS as readonly string[]).includes(pronouns) ? (pronouns as PronounChoice) : 'custom';
}

interface Props {
  /** The persona being edited; undefined: a new one. */
  persona?: Persona;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PersonaFormDialog({ persona, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{persona ? `Edit ${persona.name}` : 'New persona'}</DialogTitle>
          <DialogDescription>
            Who you are in a story. Characters call you by this name, and the description tells them about you.
          </DialogDescription>
        </DialogHeader>
        {open ? <PersonaForm persona={persona} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PersonaForm({ persona, onDone }: { persona?: Persona; onDone: () => void }) {
  const descriptionId = useId();
  const pronounsId = useId();
  const [name, setName] = useState(persona?.name ?? '');
  const [description, setDescription] = useState(persona?.description ?? '');
  const [choice, setChoice] = useState<PronounChoice>(pronounChoice(persona?.pronouns));
  const [custom, setCustom] = useState(pronounChoice(persona?.pronouns) === 'custom' ? (persona?.pronouns ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { save, saving } = useSavePersona(persona);

  const pronouns = choice === 'none' ? null : choice === 'custom' ? custom.trim() || null : choice;
  const tooLong = description.length > PERSONA_LIMITS.descriptionMax;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) return setError('Give the persona a name.');
    if (tooLong) return setError(`The description can be at most ${formatNumber(PERSONA_LIMITS.descriptionMax)} characters.`);
    setError(null);
    const outcome = await save({ name: name.trim(), description, pronouns }, file);
    if ('error' in outcome) {
      if (outcome.avatarRefused) setFile(null);
      return setError(outcome.error);
    }
    toast({ title: persona ? 'Persona saved' : `${outcome.saved.name} created`, variant: 'success' });
    onDone();
  };

  const pick = (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return setError('Please choose an image file (JPEG, PNG, WebP or GIF).');
    setFile(picked);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={persona ? `Edit ${persona.name}` : 'New persona'}>
      <PersonaAvatarPicker persona={persona} name={name} file={file} onPick={pick} onError={setError} saving={saving} />
      <FormField
        label="Name"
        name="name"
        value={name}
        maxLength={PERSONA_LIMITS.nameMax}
        onChange={(e) => setName(e.target.value)}
        placeholder="What characters call you"
        autoComplete="off"
        required
      />
      <PronounsField id={pronounsId} choice={choice} onChoice={setChoice} custom={custom} onCustom={setCustom} />
      <DescriptionField id={descriptionId} value={description} onChange={setDescription} tooLong={tooLong} />
      {error ? <FormError>{error}</FormError> : null}
      <DialogFooter className="mt-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : persona ? 'Save persona' : 'Create persona'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type PersonaFields = Pick<Persona, 'name' | 'description' | 'pronouns'>;

/** What saving came to: the persona (and its new avatar) saved, or what to say; avatarRefused: saved, but not the avatar. */
type SaveOutcome = { saved: Persona } | { error: string; avatarRefused?: boolean };

/** Creates or updates the persona, then uploads the avatar chosen for it. */
function useSavePersona(persona: Persona | undefined) {
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const upload = useUploadPersonaAvatar();
  const saving = create.isPending || update.isPending || upload.isPending;

  const save = async (fields: PersonaFields, file: File | null): Promise<SaveOutcome> => {
    let saved: Persona;
    try {
      saved = persona ? await update.mutateAsync({ id: persona.id, ...fields }) : await create.mutateAsync(fields);
    } catch (err) {
      return { error: getErrorMessage(err, 'Could not save the persona') };
    }
    if (file) {
      try {
        await upload.mutateAsync({ id: saved.id, file });
      } catch (err) {
        // The persona is saved; only the picture was refused. The form stays open so it can be changed.
        return { error: `${saved.name} was saved, but not the avatar. ${getErrorMessage(err, 'Upload failed')}`, avatarRefused: true };
      }
    }
    return { saved };
  };

  return { save, saving };
}

/** A preset as a chip, "Not said", or "Other" with a field for your own. */
function PronounsField({
  id,
  choice,
  onChoice,
  custom,
  onCustom,
}: {
  id: string;
  choice: PronounChoice;
  onChoice: (choice: PronounChoice) => void;
  custom: string;
  onCustom: (custom: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">Pronouns</legend>
      <div className="flex flex-wrap gap-2">
        {(['none', ...PRONOUN_PRESETS, 'custom'] as const).map((c) => (
          <Chip key={c} selected={choice === c} onClick={() => onChoice(c)}>
            {c === 'none' ? 'Not said' : c === 'custom' ? 'Other' : c}
          </Chip>
        ))}
      </div>
      {choice === 'custom' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={id} className="sr-only">
            Your pronouns
          </Label>
          <input
            id={id}
            value={custom}
            maxLength={PERSONA_LIMITS.pronounsMax}
            onChange={(e) => onCustom(e.target.value)}
            placeholder="e.g. xe/xem"
            className="h-11 w-full rounded-xl border border-border bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-ring/60"
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The description with its counter, which turns red (and the field invalid) past the limit. */
function DescriptionField({
  id,
  value,
  onChange,
  tooLong,
}: {
  id: string;
  value: string;
  onChange: (description: string) => void;
  tooLong: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Description</Label>
      <Textarea
        id={id}
        name="description"
        rows={5}
        value={value}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Looks, personality, history: what the character should know about you."
      />
      <p id={`${id}-count`} className={`justify-self-end text-xs tabular-nums ${tooLong ? 'text-danger' : 'text-fg-subtle'}`}>
        {formatNumber(value.length)}/{formatNumber(PERSONA_LIMITS.descriptionMax)}
      </p>
    </div>
  );
}
