import { useEffect, useRef, useState } from 'react';
import { Camera, ImageUp, Trash2 } from 'lucide-react';
import type { User } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form/form-parts';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { SettingsSection } from '@/components/page/settings-section';

/** Which request is under way, if any. */
type AvatarBusy = 'upload' | 'remove' | null;

/** The picked image with a "Preview" tag, else the saved avatar (or the initials). */
function AvatarPreview({ user, preview }: { user: User; preview: string | null }) {
  return (
    <div className="relative self-center sm:self-auto">
      {/* Keyed by the image: Avatar remembers which sources failed, which must not carry over to a new one. */}
      <Avatar
        key={preview ?? user.avatarUrl ?? 'initials'}
        name={user.username}
        src={preview ?? user.avatarUrl}
        size="lg"
        className="size-24 text-2xl"
      />
      {preview ? (
        <span className="absolute -right-1 -bottom-1 rounded-full bg-accent-strong px-2 py-0.5 text-[10px] font-bold text-white">
          Preview
        </span>
      ) : null}
    </div>
  );
}

/** Save or cancel a picked image; otherwise choose one, and remove the saved avatar. */
function AvatarButtons({
  hasFile,
  hasSaved,
  busy,
  onSave,
  onCancel,
  onChoose,
  onRemove,
}: {
  hasFile: boolean;
  hasSaved: boolean;
  busy: AvatarBusy;
  onSave: () => void;
  onCancel: () => void;
  onChoose: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {hasFile ? (
        <>
          <Button onClick={onSave} disabled={busy !== null}>
            <ImageUp aria-hidden="true" />
            {busy === 'upload' ? 'Uploading...' : 'Save avatar'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={onChoose} disabled={busy !== null}>
          <ImageUp aria-hidden="true" />
          {hasSaved ? 'Change avatar' : 'Upload avatar'}
        </Button>
      )}
      {hasSaved && !hasFile ? (
        <Button variant="ghost" onClick={onRemove} disabled={busy !== null}>
          <Trash2 aria-hidden="true" />
          {busy === 'remove' ? 'Removing...' : 'Remove'}
        </Button>
      ) : null}
    </div>
  );
}

/** The picked file and its preview, the upload and the removal, and the error either one ran into. */
function useAvatarEditor(user: User) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy: AvatarBusy = upload.isPending ? 'upload' : remove.isPending ? 'remove' : null;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return setError('Please choose an image file (JPEG, PNG, WebP or GIF).');
    setFile(picked);
  };

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const save = () => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { userId: user.id, file },
      {
        onSuccess: () => {
          clearFile();
          toast({ title: 'Avatar updated', variant: 'success' });
        },
        onError: (err) => {
          setError(getErrorMessage(err, 'Upload failed'));
          // A refused file is dropped, so the card shows the avatar that is still saved instead of a broken preview.
          clearFile();
        },
      },
    );
  };

  const removeSaved = () => {
    setError(null);
    remove.mutate(user.id, {
      onSuccess: () => toast({ title: 'Avatar removed', variant: 'success' }),
      onError: (err) => setError(getErrorMessage(err, 'Could not remove your avatar')),
    });
  };

  return { input, file, setFile, preview, busy, error, pick, save, removeSaved };
}

/** Pick an image, preview it, upload it (or remove the current one). */
export function AvatarCard({ user }: { user: User }) {
  const { input, file, setFile, preview, busy, error, pick, save, removeSaved } = useAvatarEditor(user);

  return (
    <SettingsSection
      id="avatar"
      title="Avatar"
      description="A square image works best. It is shown on your profile and in chats."
      icon={<Camera />}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <AvatarPreview user={user} preview={preview} />
        <div className="grid gap-3">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Choose an avatar image"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <AvatarButtons
            hasFile={file !== null}
            hasSaved={!!user.avatarUrl}
            busy={busy}
            onSave={save}
            onCancel={() => setFile(null)}
            onChoose={() => input.current?.click()}
            onRemove={removeSaved}
          />
          {file ? <p className="truncate text-xs text-fg-subtle">{file.name}</p> : null}
          {error ? <FormError>{error}</FormError> : null}
        </div>
      </div>
    </SettingsSection>
  );
}
