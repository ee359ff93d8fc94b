// The group's settings: name, scenario, turn mode, and its members (add and remove mid-chat, 2–8).
import { useState, type FormEvent } from 'react';
import { UserMinus, UserPlus } from 'lucide-react';
import { MAX_GROUP_MEMBERS, MAX_GROUP_NAME, MAX_GROUP_SCENARIO, MIN_GROUP_MEMBERS, type Group, type GroupTurnMode } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useMembershipModal } from '@/features/billing';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeGroup } from '../api/update-group';
import { CharacterPicker, type PickedCharacter } from './character-picker';
import { FormAlert } from './form-alert';
import { TurnModeField } from './turn-mode-field';

interface Props {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function GroupSettings({ group, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        {open ? <SettingsForm group={group} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const change = useChangeGroup();
  const membership = useMembershipModal();
  const [name, setName] = useState(group.name);
  const [scenario, setScenario] = useState(group.scenario);
  const [turnMode, setTurnMode] = useState<GroupTurnMode>(group.turnMode);
  const [error, setError] = useState<string | null>(null);
  const failed = (err: unknown) => {
    if (!membership.openForError(err, 'chat with premium characters')) setError(getErrorMessage(err, 'Not saved. Please try again.'));
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Give the group a name.');
    change.mutate(
      { kind: 'settings', id: group.id, body: { name: name.trim(), scenario: scenario.trim(), turnMode } },
      {
        onSuccess: () => {
          toast({ title: 'Group saved', variant: 'success' });
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <DialogHeader>
        <DialogTitle>Group settings</DialogTitle>
        <DialogDescription>Changes apply from the next reply; earlier messages stay as they are.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="group-settings-name">Name</Label>
          <Input id="group-settings-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_GROUP_NAME} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="group-settings-scenario">Scenario</Label>
          <Textarea
            id="group-settings-scenario"
            rows={3}
            value={scenario}
            onChange={(e) => setScenario(e.target.value)}
            maxLength={MAX_GROUP_SCENARIO}
          />
        </div>
        <TurnModeField value={turnMode} onChange={setTurnMode} />
        <Members group={group} change={change} failed={failed} clearError={() => setError(null)} />
        <FormAlert error={error} />
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

interface MembersProps {
  group: Group;
  change: ReturnType<typeof useChangeGroup>;
  /** Shows why a change failed (or opens the membership offer). */
  failed: (err: unknown) => void;
  clearError: () => void;
}

/** The members, each removable (down to the minimum), and characters to add while there is room. */
function Members({ group, change, failed, clearError }: MembersProps) {
  const [adding, setAdding] = useState<PickedCharacter[]>([]);
  const remove = (characterId: string) => {
    clearError();
    change.mutate({ kind: 'remove', id: group.id, characterId }, { onError: failed });
  };
  const add = async () => {
    clearError();
    for (const c of adding) {
      try {
        await change.mutateAsync({ kind: 'add', id: group.id, characterId: c.id });
      } catch (err) {
        failed(err);
        break;
      }
    }
    setAdding([]);
  };
  const room = MAX_GROUP_MEMBERS - group.members.length;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="group-members-title">
      <h3 id="group-members-title" className="text-sm font-medium text-fg">
        Members{' '}
        <span className="font-normal text-fg-subtle">
          ({group.members.length} of {MAX_GROUP_MEMBERS})
        </span>
      </h3>
      <ul className="flex flex-col gap-1">
        {group.members.map((m) => (
          <li key={m.id} className="flex items-center gap-3 rounded-xl px-2 py-1.5">
            <Avatar name={m.name} src={m.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 truncate text-sm text-fg">{m.name}</span>
            <Button
              size="sm"
              variant="ghost"
              disabled={change.isPending || group.members.length <= MIN_GROUP_MEMBERS}
              onClick={() => remove(m.id)}
              aria-label={`Remove ${m.name} from the group`}
            >
              <UserMinus /> Remove
            </Button>
          </li>
        ))}
      </ul>
      {group.members.length <= MIN_GROUP_MEMBERS ? (
        <p className="text-xs text-fg-subtle">A group needs at least {MIN_GROUP_MEMBERS} characters: add someone before removing one.</p>
      ) : null}
      {room > 0 ? (
        <details className="rounded-xl ring-1 ring-border">
          <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-fg">
            <UserPlus className="size-4" aria-hidden="true" /> Add characters
          </summary>
          <div className="flex flex-col gap-2 p-3 pt-0">
            <CharacterPicker picked={adding} onChange={setAdding} max={room} exclude={group.members.map((m) => m.id)} />
            <Button size="sm" variant="secondary" disabled={!adding.length || change.isPending} onClick={() => void add()}>
              Add {adding.length || ''} to the group
            </Button>
          </div>
        </details>
      ) : null}
    </section>
  );
}
