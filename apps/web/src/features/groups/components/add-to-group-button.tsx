import { useState } from 'react';
import { UsersRound } from 'lucide-react';
import type { CharacterProfile } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { useGuestPrompt } from '@/features/guest';
import { GroupCreator } from './group-creator';

/** "Add to a group" on a character's profile: the group creator with this character already picked. */
export function AddToGroupButton({ character }: { character: Pick<CharacterProfile, 'id' | 'name' | 'avatarUrl' | 'thumbnailUrl'> }) {
  const { user } = useSession();
  const guestPrompt = useGuestPrompt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className="h-11"
        onClick={() => (user ? setOpen(true) : guestPrompt.open('create group chats'))}
      >
        <UsersRound aria-hidden="true" />
        Add to a group
      </Button>
      <GroupCreator
        open={open}
        onOpenChange={setOpen}
        initial={[{ id: character.id, name: character.name, avatarUrl: character.thumbnailUrl ?? character.avatarUrl }]}
      />
    </>
  );
}
