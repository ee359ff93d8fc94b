// The group creator: a name, an optional scenario, the turn mode and 2–8 characters. Opened from a character's
// profile ("Add to a group", that character already picked) and from the recent chats ("New group").
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_GROUP_MEMBERS, MAX_GROUP_NAME, MAX_GROUP_SCENARIO, MIN_GROUP_MEMBERS, type GroupTurnMode } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useMembershipModal } from '@/features/billing';
import { useCreateGroup } from '../api/create-group';
import { CharacterPicker, type PickedCharacter } from './character-picker';
import { FormAlert } from './form-alert';
import { TurnModeField } from './turn-mode-field';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Already picked when the creator opens (the profile's character). */
  initial?: PickedCharacter[];
}

export function GroupCreator({ open, onOpenChange, initial = [] }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        {/* Mounted while open, so every opening starts from the given characters. */}
        {open ? <CreatorForm initial={initial} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreatorForm({ initial, onDone }: { initial: PickedCharacter[]; onDone: () => void }) {
  const navigate = useNavigate();
  const membership = useMembershipModal();
  const create = useCreateGroup();
  const [name, setName] = useState(initial.length ? `${initial[0]!.name} and friends` : '');
  const [scenario, setScenario] = useState('');
  const [turnMode, setTurnMode] = useState<GroupTurnMode>('natural');
  const [picked, setPicked] = useState<PickedCharacter[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const missing = Math.max(0, MIN_GROUP_MEMBERS - picked.length);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Give the group a name.');
    if (missing) return setError(`Pick at least ${MIN_GROUP_MEMBERS} characters.`);
    create.mutate(
      { name: name.trim(), scenario: scenario.trim() || undefined, turnMode, characterIds: picked.map((p) => p.id) },
      {
        onSuccess: (session) => {
          onDone();
          void navigate(`/group/${session.group.id}`);
        },
        onError: (err) => {
          if (!membership.openForError(err, 'chat with premium characters'))
            setError(getErrorMessage(err, 'The group could not be created.'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>New group chat</DialogTitle>
        <DialogDescription>
          {MIN_GROUP_MEMBERS} to {MAX_GROUP_MEMBERS} characters share one scene and take turns. Each reply costs what a message costs.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="group-name">Name</Label>
          <Input id="group-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_GROUP_NAME} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="group-scenario">Scenario (optional)</Label>
          <Textarea
            id="group-scenario"
            rows={3}
            value={scenario}
            onChange={(e) => setScenario(e.target.value)}
            maxLength={MAX_GROUP_SCENARIO}
            placeholder="Where and when the scene happens, and why they are together."
          />
        </div>
        <TurnModeField value={turnMode} onChange={setTurnMode} />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-fg">
            Characters{' '}
            <span className="font-normal text-fg-subtle">
              ({picked.length} of {MAX_GROUP_MEMBERS})
            </span>
          </legend>
          <CharacterPicker picked={picked} onChange={setPicked} max={MAX_GROUP_MEMBERS} />
        </fieldset>
        <FormAlert error={error} />
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : missing ? `Pick ${missing} more` : 'Create group'}
        </Button>
      </DialogFooter>
    </form>
  );
}
