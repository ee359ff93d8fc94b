// The line under a message: its labels (incomplete, edited), the swipe picker and its actions. Every message has this
// line at one fixed height and on one line, filled or not, so the space between messages is the same everywhere.
import { DropdownMenu } from 'radix-ui';
import {
  ChevronLeft,
  ChevronRight,
  Ellipsis,
  FastForward,
  Flag,
  GitBranch,
  Pencil,
  RefreshCw,
  ScanSearch,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatMessage } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface BubbleActions {
  onEdit?: (content: string) => Promise<void> | void;
  onDelete?: () => void;
  onSwipe?: (index: number) => void;
  onRegenerate?: () => void;
  onContinue?: () => void;
  /** Report this message to the moderators. */
  onReport?: () => void;
  /** "Why this reply": what went into a model reply's prompt. */
  onInspect?: () => void;
  /** What regenerate and continue cost (a PriceTag), shown beside their buttons. */
  price?: ReactNode;
  /** Fork the conversation here (branches.tsx). */
  onBranch?: () => void;
  /** Read this reply aloud (the voice feature's Listen control), always shown, first on the line. */
  listen?: ReactNode;
}

type ToolbarMessage = Pick<ChatMessage, 'status' | 'swipes' | 'swipeIndex' | 'editedAt'>;

interface ToolbarProps {
  message: ToolbarMessage;
  busy?: boolean;
  actions: BubbleActions;
  onEdit: () => void;
}

/**
 * 44 px on phones, 36 px from 640 px: the height of its icon buttons. The rare line too long for a phone (a stopped
 * reply with alternatives) scrolls sideways inside itself rather than wrap; focus rings are drawn inside the buttons.
 */
const ROW =
  'flex h-11 max-w-full shrink-0 flex-nowrap items-center gap-0.5 overflow-x-auto overflow-y-hidden px-1 text-xs text-fg-subtle sm:h-9 [&_button]:focus-visible:-outline-offset-2';

/** The same line, empty: under a reply being written or a message being edited, so nothing moves when it fills. */
export function ToolbarSpace() {
  return <div className={ROW} aria-hidden="true" />;
}

interface Action {
  label: string;
  title: string;
  icon: LucideIcon;
  onClick?: () => void;
  /** On phones this one waits in the "More" menu, so the line fits in one row at 44 px a button. */
  phoneMenu?: boolean;
}

/** Labels, the swipe picker, and the actions (shown on hover from 640 px; Report and Delete in a menu below 640 px). */
export function BubbleToolbar({ message, busy, actions, onEdit }: ToolbarProps) {
  const all: Action[] = [
    { label: 'Regenerate reply', title: 'Regenerate', icon: RefreshCw, onClick: actions.onRegenerate },
    { label: 'Continue reply', title: 'Continue', icon: FastForward, onClick: actions.onContinue },
    { label: 'Edit message', title: 'Edit', icon: Pencil, onClick: actions.onEdit ? onEdit : undefined },
    { label: 'Why this reply', title: 'Why this reply', icon: ScanSearch, onClick: actions.onInspect, phoneMenu: true },
    { label: 'Branch from here', title: 'Branch from here', icon: GitBranch, onClick: actions.onBranch, phoneMenu: true },
    { label: 'Report this reply', title: 'Report', icon: Flag, onClick: actions.onReport, phoneMenu: true },
    { label: 'Delete message', title: 'Delete', icon: Trash2, onClick: actions.onDelete, phoneMenu: true },
  ];
  const buttons = all.filter((a) => a.onClick);
  const inMenu = buttons.filter((a) => a.phoneMenu);
  return (
    <div className={ROW} data-testid="bubble-toolbar">
      {message.status === 'incomplete' ? (
        <span
          className="mr-1 shrink-0 rounded bg-warning/15 px-1.5 py-0.5 font-medium text-warning"
          title="This reply stopped before it was finished: continue it or regenerate it."
        >
          incomplete
        </span>
      ) : null}
      {message.editedAt ? <span className="mr-1 shrink-0">edited</span> : null}
      {actions.listen}
      {message.swipes.length > 1 && actions.onSwipe ? <SwipePicker message={message} busy={busy} onSwipe={actions.onSwipe} /> : null}
      <span className="inline-flex shrink-0 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        {buttons.map(({ label, title, icon: Icon, onClick, phoneMenu }) => (
          <Button
            key={label}
            size="icon-sm"
            variant="ghost"
            aria-label={label}
            title={title}
            disabled={busy}
            onClick={onClick}
            className={cn(phoneMenu && 'hidden sm:inline-flex')}
          >
            <Icon />
          </Button>
        ))}
        {inMenu.length > 0 ? <PhoneMenu actions={inMenu} busy={busy} /> : null}
        {/* From 640 px; on phones the composer's line says it (this line has no room left there). */}
        {actions.price ? <span className="ml-1 hidden items-center sm:inline-flex">{actions.price}</span> : null}
      </span>
    </div>
  );
}

const itemClass =
  'flex h-11 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg [&_svg]:size-4';

function PhoneMenu({ actions, busy }: { actions: Action[]; busy?: boolean }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="icon-sm" variant="ghost" aria-label="More actions" title="More" disabled={busy} className="sm:hidden">
          <Ellipsis />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-[110] w-52 rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
        >
          {actions.map(({ label, icon: Icon, onClick }) => (
            <DropdownMenu.Item key={label} className={itemClass} onSelect={() => onClick?.()}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function SwipePicker({ message, busy, onSwipe }: { message: ToolbarMessage; busy?: boolean; onSwipe: (index: number) => void }) {
  const swipes = message.swipes.length;
  return (
    <span className="mr-1 inline-flex shrink-0 items-center" aria-label="Alternative replies">
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label="Previous alternative"
        disabled={busy || message.swipeIndex <= 0}
        onClick={() => onSwipe(message.swipeIndex - 1)}
      >
        <ChevronLeft />
      </Button>
      <span className="tabular-nums" aria-live="polite">
        {message.swipeIndex + 1}/{swipes}
      </span>
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label="Next alternative"
        disabled={busy || message.swipeIndex >= swipes - 1}
        onClick={() => onSwipe(message.swipeIndex + 1)}
      >
        <ChevronRight />
      </Button>
    </span>
  );
}
