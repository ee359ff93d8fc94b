import { DropdownMenu } from 'radix-ui';
import { Braces, ChevronDown, Download, FileArchive, FileImage } from 'lucide-react';
import type { CardFormat } from '@reverie/shared';
import { Button, type ButtonProps } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useExportCharacterCard } from '../api/export-character-card';

const itemClass =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg [&_svg]:size-4';

/** "Export" → a Character Card as a PNG (the portrait carrying the card), a JSON file, or a CharX archive with its pictures. */
export function ExportCardMenu({ character, size = 'sm' }: { character: { id: string; name: string }; size?: ButtonProps['size'] }) {
  const exportCard = useExportCharacterCard();
  const run = (format: CardFormat) =>
    exportCard.mutate(
      { id: character.id, name: character.name, format },
      {
        onSuccess: () =>
          toast({
            title: 'Card exported',
            description: `${character.name} was saved as a ${format.toUpperCase()} card.`,
            variant: 'success',
          }),
        onError: (err) =>
          toast({ title: 'Export failed', description: getErrorMessage(err, 'The card could not be exported.'), variant: 'destructive' }),
      },
    );
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size={size} disabled={exportCard.isPending} aria-label={`Export ${character.name}`}>
          <Download aria-hidden="true" />
          {exportCard.isPending ? 'Exporting...' : 'Export'}
          <ChevronDown aria-hidden="true" className="opacity-70" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[110] w-56 rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => run('png')}>
            <FileImage aria-hidden="true" />
            PNG card (portrait)
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => run('json')}>
            <Braces aria-hidden="true" />
            JSON card
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => run('charx')}>
            <FileArchive aria-hidden="true" />
            CharX (card and pictures)
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
