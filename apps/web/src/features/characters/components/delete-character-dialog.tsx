import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteCharacter } from '../api/delete-character';

interface DeleteCharacterDialogProps {
  character: { id: string; name: string; creator: { id: string } } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** "Delete <name>?" with what it means; the character leaves every list at once. */
export function DeleteCharacterDialog({ character, onOpenChange, onDeleted }: DeleteCharacterDialogProps) {
  const remove = useDeleteCharacter();
  const confirm = () => {
    if (!character) return;
    remove.mutate(
      { id: character.id, creatorId: character.creator.id },
      {
        onSuccess: () => {
          toast({ title: 'Character deleted', description: `${character.name} is gone.`, variant: 'success' });
          onOpenChange(false);
          onDeleted?.();
        },
        onError: (err) =>
          toast({ title: 'Could not delete', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={character !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${character?.name ?? 'this character'}?`}
      description="It disappears from the feed, search and your page, with its portrait, likes and favorites. People who chatted with it keep their conversations, marked as deleted. This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
