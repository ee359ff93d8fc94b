// The persona editor's avatar: the picture (or the initials), a button to choose a file, and one to remove the saved one.
import { useEffect, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import type { Persona } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRemovePersonaAvatar } from '../api/remove-persona-avatar';

interface PersonaAvatarPickerProps {
  /** The persona being edited; undefined: a new one (nothing saved to remove). */
  persona?: Persona;
  /** The name typed so far, for the initials. */
  name: string;
  /** The file chosen to upload on save, shown in place of the saved avatar. */
  file: File | null;
  onPick: (file: File | undefined) => void;
  onError: (message: string) => void;
  saving: boolean;
}

/** Removing the saved avatar happens at once (not on save); a chosen file is only previewed until the form is saved. */
export function PersonaAvatarPicker({ persona, name, file, onPick, onError, saving }: PersonaAvatarPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const removeAvatar = useRemovePersonaAvatar();
  const preview = useObjectUrl(file);

  const dropAvatar = () => {
    if (!persona) return;
    removeAvatar.mutate(persona.id, {
      onSuccess: () => toast({ title: 'Avatar removed', variant: 'success' }),
      onError: (err) => onError(getErrorMessage(err, 'Could not remove the avatar')),
    });
  };

  const shownAvatar = preview ?? (removeAvatar.isSuccess ? null : persona?.avatarUrl);

  return (
    <div className="flex items-center gap-4">
      <Avatar key={shownAvatar ?? 'initials'} name={name || '?'} src={shownAvatar} size="lg" />
      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Choose a persona avatar"
          onChange={(e) => onPick(e.target.files?.[0])}
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
  );
}

/** An object URL for the file while it is chosen (revoked when it changes or the picker goes); null without one. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
