// The persona editor: name, pronouns (a preset or your own), description with its counter, and an avatar.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { PERSONA_LIMITS, PRONOUN_PRESETS, type Persona } from '@reverie/shared';
import { FormError, FormField } from '@/components/form/form-parts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreatePersona } from '../api/create-persona';
import { useRemovePersonaAvatar } from '../api/remove-persona-avatar';
import { useUpdatePersona } from '../api/update-persona';
import { useUploadPersonaAvatar } from '../api/upload-persona-avatar';
import { formatNumber } from '@/lib/format';

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
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(persona?.name ?? '');
  const [description, setDescription] = useState(persona?.description ?? '');
  const [choice, setChoice] = useState<PronounChoice>(pronounChoice(persona?.pronouns));
  const [custom, setCustom] = useState(pronounChoice(persona?.pronouns) === 'custom' ? (persona?.pronouns ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const upload = useUploadPersonaAvatar();
  const removeAvatar = useRemovePersonaAvatar();
  const saving = create.isPending || update.isPending || upload.isPending;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pronouns = choice === 'none' ? null : choice === 'custom' ? custom.trim() || null : choice;
  const tooLong = description.length > PERSONA_LIMITS.descriptionMax;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) return setError('Give the persona a name.');
    if (tooLong) return setError(`The description can be at most ${formatNumber(PERSONA_LIMITS.descriptionMax)} characters.`);
    setError(null);
    let saved: Persona;
    try {
      saved = persona
        ? await update.mutateAsync({ id: persona.id, name: name.trim(), description, pronouns })
        : await create.mutateAsync({ name: name.trim(), description, pronouns });
    } catch (err) {
      return setError(getErrorMessage(err, 'Could not save the persona'));
    }
    if (file) {
      try {
        await upload.mutateAsync({ id: saved.id, file });
      } catch (err) {
        // The persona is saved; only the picture was refused. Stay open so it can be changed.
        setFile(null);
        return setError(`${saved.name} was saved, but not the avatar. ${getErrorMessage(err, 'Upload failed')}`);
      }
    }
    toast({ title: persona ? 'Persona saved' : `${saved.name} created`, variant: 'success' });
    onDone();
  };

  const pick = (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return setError('Please choose an image file (JPEG, PNG, WebP or GIF).');
    setFile(picked);
  };

  const dropAvatar = () => {
    if (!persona) return;
    removeAvatar.mutate(persona.id, {
      onSuccess: () => toast({ title: 'Avatar removed', variant: 'success' }),
      onError: (err) => setError(getErrorMessage(err, 'Could not remove the avatar')),
    });
  };

  const shownAvatar = preview ?? (removeAvatar.isSuccess ? null : persona?.avatarUrl);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={persona ? `Edit ${persona.name}` : 'New persona'}>
      <div className="flex items-center gap-4">
        <Avatar key={shownAvatar ?? 'initials'} name={name || '?'} src={shownAvatar} size="lg" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Choose a persona avatar"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Button type="button" size="sm" variant="secondary" onClick={() => fileInput.current?.click()} disabled={saving}>
            <ImageUp aria-hidden="true" />
            {shownAvatar ? 'Change avatar' : 'Add avatar'}
          </Button>
          {persona?.avatarUrl && !file && !removeAvatar.isSuccess ? (
            <Button type="button" size="sm" variant="ghost" onClick={dropAvatar} disabled={saving || removeAvatar.isPending}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
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
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-fg">Pronouns</legend>
        <div className="flex flex-wrap gap-2">
          {(['none', ...PRONOUN_PRESETS, 'custom'] as const).map((c) => (
            <Chip key={c} selected={choice === c} onClick={() => setChoice(c)}>
              {c === 'none' ? 'Not said' : c === 'custom' ? 'Other' : c}
            </Chip>
          ))}
        </div>
        {choice === 'custom' ? (
          <div className="grid gap-1.5">
            <Label htmlFor={pronounsId} className="sr-only">
              Your pronouns
            </Label>
            <input
              id={pronounsId}
              value={custom}
              maxLength={PERSONA_LIMITS.pronounsMax}
              onChange={(e) => setCustom(e.target.value)}
              placeholder="e.g. xe/xem"
              className="h-11 w-full rounded-xl border border-border bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-ring/60"
            />
          </div>
        ) : null}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          name="description"
          rows={5}
          value={description}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${descriptionId}-count`}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Looks, personality, history: what the character should know about you."
        />
        <p id={`${descriptionId}-count`} className={`justify-self-end text-xs tabular-nums ${tooLong ? 'text-danger' : 'text-fg-subtle'}`}>
          {formatNumber(description.length)}/{formatNumber(PERSONA_LIMITS.descriptionMax)}
        </p>
      </div>
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
