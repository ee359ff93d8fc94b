import { useRef, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { ArrowDownUp, FileDown, FileText, FileUp, NotebookText } from 'lucide-react';
import type { ChatExportFormat, ChatImportResponse } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatCount } from '@/lib/format';
import { useExportConversation, useImportChat } from '../api/transfer';

const itemClass =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4';

const FORMATS: Array<{ format: ChatExportFormat; label: string; icon: typeof FileDown }> = [
  { format: 'jsonl', label: 'SillyTavern chat (.jsonl)', icon: FileDown },
  { format: 'md', label: 'Markdown (.md)', icon: NotebookText },
  { format: 'txt', label: 'Plain text (.txt)', icon: FileText },
];

/** An entry another feature puts at the top of the menu (rating the character, earlier chats on phones), and what it
 * adds to the trigger's name. */
export interface ExtraMenuItem {
  label: string;
  /** What the trigger's name says about it, e.g. "Rate Aria"; none for an entry the name need not announce. */
  triggerLabel?: string;
  icon: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
}

/** "Move chat": export this conversation as a file, or import a SillyTavern chat as a new conversation. */
export function ChatTransferMenu({
  characterId,
  characterName,
  conversationId,
  onImported,
  extras = [],
  icon,
}: {
  characterId: string;
  characterName: string;
  conversationId: string | undefined;
  onImported: (result: ChatImportResponse) => void;
  extras?: ExtraMenuItem[];
  /** The trigger's icon in place of the arrows, e.g. "more" where the menu also holds the header's other actions. */
  icon?: ReactNode;
}) {
  const exportChat = useExportChat(conversationId, characterName);
  const importFile = useImportChatFile(characterId, onImported);
  const busy = exportChat.isPending || importFile.isPending;

  return (
    <>
      <input
        ref={importFile.input}
        type="file"
        accept=".jsonl,application/jsonl,application/x-ndjson"
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a SillyTavern chat file (.jsonl)"
        onChange={(e) => importFile.send(e.target.files?.[0])}
      />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" variant="ghost" disabled={busy} aria-label={triggerLabel(extras)}>
            {icon ?? <ArrowDownUp />}
            <span className="hidden 2xl:inline">{busy ? 'Working...' : 'Move chat'}</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-[110] w-64 rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
          >
            {extras.map((extra) => (
              <DropdownMenu.Item key={extra.label} className={itemClass} disabled={extra.disabled} onSelect={extra.onSelect}>
                {extra.icon}
                {extra.label}
              </DropdownMenu.Item>
            ))}
            {extras.length ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
            <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-fg-subtle">Export this chat</DropdownMenu.Label>
            {FORMATS.map(({ format, label, icon: Icon }) => (
              <DropdownMenu.Item key={format} className={itemClass} disabled={!conversationId} onSelect={() => exportChat.run(format)}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => importFile.input.current?.click()}>
              <FileUp aria-hidden="true" />
              Import a SillyTavern chat…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}

/** The trigger's name: what the extras announce, then "export or import a chat", starting with a capital. */
function triggerLabel(extras: ExtraMenuItem[]): string {
  return [...extras.flatMap((e) => (e.triggerLabel ? [e.triggerLabel] : [])), 'export or import a chat']
    .join(', ')
    .replace(/^./, (c) => c.toUpperCase());
}

/** The file name's stem for a character: letters, digits and dashes ("chat" when nothing is left). */
function fileSlug(characterName: string): string {
  return (
    characterName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-') || 'chat'
  );
}

/** Exports the conversation as a file named after the character; a failure is told in a toast. */
function useExportChat(conversationId: string | undefined, characterName: string) {
  const exporter = useExportConversation();
  const slug = fileSlug(characterName);
  const run = (format: ChatExportFormat) => {
    if (!conversationId) return;
    exporter.mutate(
      { id: conversationId, format, filename: `${slug}.${format}` },
      {
        onError: (err) =>
          toast({ title: 'Export failed', description: getErrorMessage(err, 'The chat could not be exported.'), variant: 'destructive' }),
      },
    );
  };
  return { run, isPending: exporter.isPending };
}

/** The hidden file input's ref and what it sends: the chosen file becomes a new conversation, told in a toast. */
function useImportChatFile(characterId: string, onImported: (result: ChatImportResponse) => void) {
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportChat();
  const send = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    importer.mutate(
      { characterId, file },
      {
        onSuccess: (result) => {
          toast({
            title: 'Chat imported',
            description: [
              `${formatCount(result.messages, 'message')} and ${formatCount(result.swipes, 'swipe')}.`,
              ...result.warnings,
            ].join(' '),
            variant: 'success',
          });
          onImported(result);
        },
        onError: (err) =>
          toast({ title: 'Import failed', description: getErrorMessage(err, 'The chat could not be imported.'), variant: 'destructive' }),
      },
    );
  };
  return { input, send, isPending: importer.isPending };
}
