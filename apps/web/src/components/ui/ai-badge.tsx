// "AI": on every character, chat, group chat and message a character writes (docs/compliance.md "AI disclosure").
// Always visible (never behind a hover); the accessible name says it in words.
import { Bot } from 'lucide-react';
import { cn } from '@/lib/utils';

export function AiBadge({ className, label = 'AI character, not a person' }: { className?: string; label?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-md bg-sky-400/15 px-1.5 py-px text-[10px] leading-4 font-bold tracking-wide text-sky-300 uppercase ring-1 ring-sky-400/40 [&_svg]:size-3',
        className,
      )}
      title={label}
      aria-label={label}
      role="img"
      data-testid="ai-badge"
    >
      <Bot aria-hidden="true" />
      AI
    </span>
  );
}
