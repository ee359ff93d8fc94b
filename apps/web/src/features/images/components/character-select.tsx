import { useId } from 'react';
import type { User } from '@reverie/shared';
import { Label } from '@/components/ui/label';
import { useCharacter } from '@/features/characters';
import { useUserCharactersInfinite } from '@/features/characters';

interface CharacterSelectProps {
  user: User;
  value: string;
  onChange: (characterId: string) => void;
}

/** "No character", your own characters, and the one the page was opened for (from a character's gallery or profile). */
export function CharacterSelect({ user, value, onChange }: CharacterSelectProps) {
  const id = useId();
  const own = useUserCharactersInfinite(user.id);
  const chosen = useCharacter(value || undefined);
  const options = new Map<string, string>();
  if (chosen.data) options.set(chosen.data.id, chosen.data.name);
  for (const c of own.data?.pages.flatMap((p) => p.items) ?? []) options.set(c.id, c.name);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Character</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="h-10 w-full rounded-xl bg-surface-raised px-3 text-sm text-fg ring-1 ring-border focus:ring-2 focus:ring-primary focus:outline-none"
      >
        <option value="">No character</option>
        {[...options].map(([cid, name]) => (
          <option key={cid} value={cid}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-fg-subtle">
        A character adds its look, so pictures resemble it. Any character&apos;s gallery has a button to picture it.
      </p>
    </div>
  );
}
