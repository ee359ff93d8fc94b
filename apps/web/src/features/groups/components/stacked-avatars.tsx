import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

interface Props {
  members: { id: string; name: string; avatarUrl: string | null }[];
  size?: 'sm' | 'md' | 'lg';
  /** How many faces show before "+N". */
  max?: number;
  className?: string;
}

/** A group's members as overlapping avatars (recent chats, the group header). */
export function StackedAvatars({ members, size = 'md', max = 3, className }: Props) {
  const shown = members.slice(0, max);
  const more = members.length - shown.length;
  return (
    <span className={cn('flex shrink-0 items-center', className)} aria-label={members.map((m) => m.name).join(', ')} role="img">
      {shown.map((m, i) => (
        <Avatar key={m.id} name={m.name} src={m.avatarUrl} size={size} className={cn('ring-2 ring-surface', i > 0 && '-ml-3')} />
      ))}
      {more > 0 ? (
        <span className="-ml-3 flex size-8 items-center justify-center rounded-full bg-surface-raised text-xs font-semibold text-fg-muted ring-2 ring-surface">
          +{more}
        </span>
      ) : null}
    </span>
  );
}
