import { useState } from 'react';
import { Download, Globe, Lock, Trash2, UserRoundCheck } from 'lucide-react';
import type { ImageItem } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteImage } from '../api/delete-image';
import { useSetImageAsAvatar } from '../api/set-image-avatar';
import { useSetImageVisibility } from '../api/update-image';

interface ImageActionsProps {
  image: ImageItem;
  onChange?: (image: ImageItem) => void;
  onRemove?: (id: string) => void;
  className?: string;
}

const failed = (title: string) => (e: unknown) =>
  toast({ title, description: getErrorMessage(e, 'Please try again.'), variant: 'destructive' });

/** Download for everyone; share, set as avatar (of your own character) and delete for the picture's owner. */
export function ImageActions({ image, onChange, onRemove, className }: ImageActionsProps) {
  if (image.status !== 'ready') return null;
  return (
    <div className={className ?? 'flex flex-wrap gap-2'}>
      {image.downloadUrl ? (
        <Button asChild variant="secondary" size="sm">
          <a href={image.downloadUrl} download>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
      ) : null}
      {image.isOwner ? (
        <>
          {/* A picture moderators hid stays private until they restore it: nothing to share. */}
          {!image.moderationHidden ? <ShareButton image={image} onChange={onChange} /> : null}
          <AvatarButton image={image} />
          <DeleteButton image={image} onRemove={onRemove} />
        </>
      ) : null}
    </div>
  );
}

// Each button answers from its mutation's promise, not from mutate's own callbacks: those are dropped when the lightbox
// re-renders the button before the answer comes (a gallery refetch), and the toast with them (seen once in CI).

function ShareButton({ image, onChange }: Pick<ImageActionsProps, 'image' | 'onChange'>) {
  const visibility = useSetImageVisibility();
  const share = () =>
    void visibility.mutateAsync({ id: image.id, visibility: image.visibility === 'public' ? 'private' : 'public' }).then((updated) => {
      onChange?.(updated);
      toast({
        title: updated.visibility === 'public' ? 'Shared' : 'Private again',
        description:
          updated.visibility === 'public'
            ? 'Everyone can see it in the galleries now; well-liked pictures reach the showcase.'
            : 'Only you can see it now.',
        variant: 'success',
      });
    }, failed('Not changed'));
  return (
    <Button variant="secondary" size="sm" onClick={share} disabled={visibility.isPending}>
      {image.visibility === 'public' ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
      {image.visibility === 'public' ? 'Make private' : 'Share'}
    </Button>
  );
}

/** Shown for a picture of a character the viewer made (or to an admin). */
function AvatarButton({ image }: Pick<ImageActionsProps, 'image'>) {
  const { user } = useSession();
  const avatar = useSetImageAsAvatar();
  const character = image.character;
  if (!character || !user || (character.creatorId !== user.id && user.role !== 'admin')) return null;
  const set = () =>
    void avatar
      .mutateAsync({ id: image.id })
      .then(
        () => toast({ title: 'Avatar updated', description: `This picture is now ${character.name}'s avatar.`, variant: 'success' }),
        failed('Avatar not changed'),
      );
  return (
    <Button variant="secondary" size="sm" disabled={avatar.isPending} onClick={set}>
      <UserRoundCheck aria-hidden="true" />
      {avatar.isPending ? 'Setting...' : 'Set as avatar'}
    </Button>
  );
}

function DeleteButton({ image, onRemove }: Pick<ImageActionsProps, 'image' | 'onRemove'>) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteImage();
  const confirmed = () =>
    void remove.mutateAsync(image.id).then(() => {
      setConfirm(false);
      toast({ title: 'Picture deleted', variant: 'success' });
      onRemove?.(image.id);
    }, failed('Not deleted'));
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirm(true)} className="text-danger hover:text-danger">
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this picture?"
        description="It is removed from your gallery and every other gallery for good, with its files."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmed}
      />
    </>
  );
}
