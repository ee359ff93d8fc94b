import type { ReactNode } from 'react';
import { Brain, Search, Settings2 } from 'lucide-react';
import type { Group } from '@reverie/shared';
import { AiBadge } from '@/components/ui/ai-badge';
import { Button } from '@/components/ui/button';
import { ConversationHeader } from '@/features/conversation';
import { PersonaPicker } from '@/features/personas';
import { StackedAvatars } from './stacked-avatars';

const MODE: Record<Group['turnMode'], string> = { natural: 'natural turns', round_robin: 'round robin', manual: 'you pick who replies' };

interface Props {
  group: Group;
  /** A reply is being written (switching persona waits). */
  busy: boolean;
  /** No message of the user's yet: the persona picker is offered. */
  fresh: boolean;
  onSettings: () => void;
  onMemory: () => void;
  /** Search this group chat (jump to a match). */
  onSearch: () => void;
  /** "Branch 2 of 3" once the group chat has branches (branches.tsx). */
  branch?: ReactNode;
}

/**
 * The group's faces, name, members and turn mode; who you are in it (persona); search in it; which branch this is;
 * its settings and (below 1280 px) the memory.
 */
export function GroupHeader({ group, busy, fresh, onSettings, onMemory, onSearch, branch }: Props) {
  return (
    <ConversationHeader>
      {/* On a phone the name needs the room (it may take two lines); the line under it names the members. */}
      <StackedAvatars members={group.members} size="sm" className="hidden sm:flex" />
      <span className="min-w-0 flex-1">
        <h1 className="line-clamp-2 font-semibold break-words text-fg sm:block sm:truncate">{group.name}</h1>
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-subtle">
          <AiBadge label="Every character in this chat is an AI, not a person" />
          <span className="truncate">
            {group.members.map((m) => m.name).join(', ')} · {MODE[group.turnMode]}
          </span>
        </span>
      </span>
      <PersonaPicker conversationId={group.conversationId} busy={busy} fresh={fresh} />
      <Button size="sm" variant="ghost" onClick={onSearch} aria-label="Search this chat">
        <Search />
      </Button>
      {branch}
      <Button size="sm" variant="secondary" onClick={onSettings} aria-label="Group settings">
        <Settings2 />
        <span className="hidden sm:inline">Group</span>
      </Button>
      <Button size="sm" variant="ghost" className="xl:hidden" onClick={onMemory} aria-label="Memory">
        <Brain />
      </Button>
    </ConversationHeader>
  );
}
