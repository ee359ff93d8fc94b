// The chat header's persona picker: who you are in this conversation. Choosing switches it and is remembered for
// the character (new chats with it start as that persona).
import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Check, Settings2, UserRound } from 'lucide-react';
import type { Persona } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSession } from '@/features/auth';
import { useChoosePersona } from '../api/choose-persona';
import { useConversationPersona } from '../api/get-conversation-persona';
import { usePersonas } from '../api/get-personas';

const itemClass =
  'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4';

/** Who `{{user}}` is in a conversation: the persona's name and avatar, else the account's name. */
export function useChatUser(conversationId: string | undefined, accountName: string): { name: string; avatarUrl: string | null } {
  const current = useConversationPersona(conversationId);
  return { name: current.data?.userName ?? accountName, avatarUrl: current.data?.persona?.avatarUrl ?? null };
}

interface Props {
  conversationId: string;
  /** A reply is being written: switching waits. */
  busy?: boolean;
  /** The conversation has no message of yours yet: the picker is offered (and the greeting follows the choice). */
  fresh?: boolean;
}

export function PersonaPicker({ conversationId, busy, fresh }: Props) {
  const current = useConversationPersona(conversationId);
  const personas = usePersonas();
  const choose = useChoosePersona();
  const items = personas.data?.items ?? [];
  const name = current.data?.userName ?? '…';
  const currentId = current.data?.persona?.id ?? null;
  const offer = fresh && items.length > 1;

  // Your username is a choice of its own beside your personas (no persona: {{user}} is your username).
  const username = useSession().user?.username ?? null;
  const asAccount = current.isSuccess && !current.data.persona;
  const pick = (personaId: string | null) =>
    choose.mutate(
      { conversationId, personaId, account: personaId === null },
      {
        onSuccess: (r) => toast({ title: `You are ${r.userName} in this chat`, variant: 'success' }),
        onError: (err) =>
          toast({ title: 'Could not switch persona', description: getErrorMessage(err, 'Try again.'), variant: 'destructive' }),
      },
    );

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || choose.isPending || current.isPending}
          aria-label={`You are ${name}. Change persona`}
          data-testid="persona-picker"
          title={`You are ${name}`}
          className={cn(
            'max-w-44 gap-2 px-1.5 sm:px-2',
            offer && 'ring-2 ring-primary/60',
            // A phone's header is full: without personas there is nothing to pick (Settings is where you make one).
            personas.isSuccess && items.length === 0 && 'hidden sm:inline-flex',
          )}
        >
          <Avatar name={name} src={current.data?.persona?.avatarUrl} size="sm" className="size-6 text-[10px]" />
          {/* The name beside the avatar where the header has room (the memory column takes it from 1280 to 1535 px). */}
          <span className="hidden truncate md:inline lg:hidden 2xl:inline">{name}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[110] max-h-[70dvh] w-64 overflow-y-auto rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-fg-subtle">
            {fresh ? 'Who are you in this chat?' : 'You are in this chat'}
          </DropdownMenu.Label>
          <PersonaChoices
            loading={personas.isPending}
            items={items}
            name={name}
            username={username}
            asAccount={asAccount}
            currentId={currentId}
            onPick={pick}
          />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings#personas">
              <Settings2 aria-hidden="true" />
              {items.length === 0 ? 'Create a persona…' : 'Manage personas…'}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The menu's choices: your username, then your personas, the current one checked; choosing the current one does nothing. */
function PersonaChoices({
  loading,
  items,
  name,
  username,
  asAccount,
  currentId,
  onPick,
}: {
  loading: boolean;
  items: Persona[];
  /** Who you are in the chat now, shown when there are no personas to choose from. */
  name: string;
  username: string | null;
  asAccount: boolean;
  currentId: string | null;
  onPick: (personaId: string | null) => void;
}) {
  if (loading) {
    return (
      <DropdownMenu.Item className={itemClass} disabled>
        Loading personas...
      </DropdownMenu.Item>
    );
  }
  if (items.length === 0) {
    return (
      <DropdownMenu.Item className={itemClass} disabled>
        <UserRound aria-hidden="true" />
        {name} (your username)
      </DropdownMenu.Item>
    );
  }
  return [
    username ? (
      <DropdownMenu.Item key="account" className={itemClass} onSelect={() => !asAccount && onPick(null)}>
        <Avatar name={username} size="sm" className="size-7 shrink-0 text-[10px]" />
        <span className="min-w-0 flex-1 truncate">
          {username}
          <span className="ml-1 text-xs text-fg-subtle">(your username)</span>
        </span>
        {asAccount ? <Check aria-label="current" className="text-primary" /> : null}
      </DropdownMenu.Item>
    ) : null,
    ...items.map((p) => (
      <DropdownMenu.Item key={p.id} className={itemClass} onSelect={() => p.id !== currentId && onPick(p.id)}>
        <Avatar name={p.name} src={p.avatarUrl} size="sm" className="size-7 shrink-0 text-[10px]" />
        <span className="min-w-0 flex-1 truncate">
          {p.name}
          {p.isDefault ? <span className="ml-1 text-xs text-fg-subtle">(default)</span> : null}
        </span>
        {p.id === currentId ? <Check aria-label="current" className="text-primary" /> : null}
      </DropdownMenu.Item>
    )),
  ];
}
