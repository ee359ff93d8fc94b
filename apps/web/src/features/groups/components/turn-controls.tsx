// Who speaks: "Let X speak" for each member (a reply without a message from you), "Skip" (the one whose turn it is
// is passed over, free), and in manual mode which member replies to your next message.
import { SkipForward } from 'lucide-react';
import type { Group } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChangeGroup } from '../api/update-group';

interface Props {
  group: Group;
  busy: boolean;
  /** Manual mode: who replies to the next message. */
  manualPick: string | null;
  onPick: (characterId: string) => void;
  onSpeak: (characterId: string) => void;
  explain: (error: unknown) => boolean;
}

/** The name a chip shows (the first word; the accessible name carries the whole one). */
const short = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function TurnControls({ group, busy, manualPick, onPick, onSpeak, explain }: Props) {
  const change = useChangeGroup();
  const manual = group.turnMode === 'manual';
  const next = group.members.find((m) => m.id === group.nextSpeakerId);
  const pickedMember = group.members.find((m) => m.id === manualPick);
  return (
    <div className="border-t border-border px-3 pt-2 sm:px-4" role="group" aria-label="Turns">
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <span className="hidden shrink-0 text-xs text-fg-subtle sm:inline">{manual ? 'Replies:' : 'Let speak:'}</span>
        <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5 py-0.5">
          {group.members.map((m) => {
            const picked = manual && manualPick === m.id;
            const isNext = !manual && m.id === group.nextSpeakerId;
            return (
              <li key={m.id} className="shrink-0">
                <Button
                  size="sm"
                  variant={picked ? 'primary' : 'secondary'}
                  disabled={manual ? busy : busy || m.deleted}
                  aria-pressed={manual ? picked : undefined}
                  aria-label={manual ? `${m.name} replies to your next message` : `Let ${m.name} speak`}
                  title={manual ? `${m.name} replies next` : `Let ${m.name} speak`}
                  onClick={() => (manual ? onPick(m.id) : onSpeak(m.id))}
                  className={cn('gap-1.5 rounded-full pl-1', isNext && 'ring-2 ring-primary/70')}
                >
                  <Avatar name={m.name} src={m.avatarUrl} size="sm" className="size-6" />
                  {short(m.name)}
                </Button>
              </li>
            );
          })}
        </ul>
        {manual ? (
          <Button size="sm" variant="ghost" disabled={busy || !pickedMember} onClick={() => pickedMember && onSpeak(pickedMember.id)}>
            {pickedMember ? `Let ${short(pickedMember.name)} speak` : 'Pick someone'}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || change.isPending}
            onClick={() => change.mutate({ kind: 'skip', id: group.id }, { onError: (e) => explain(e) })}
            aria-label={next ? `Skip ${next.name}'s turn` : 'Skip this turn'}
            className="shrink-0"
          >
            <SkipForward /> Skip
          </Button>
        )}
      </div>
      <p className="mx-auto max-w-3xl pt-1 text-xs text-fg-subtle" aria-live="polite">
        {manual
          ? 'You pick who replies to each message.'
          : next
            ? `Next turn: ${next.name}. Name someone in your message to have them answer.`
            : 'Name someone in your message to have them answer.'}
      </p>
    </div>
  );
}
