import { useState } from 'react';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useRating } from '@/features/characters';
import { RateCharacter } from '@/features/characters';
import { cn } from '@/lib/utils';

/**
 * Rating the character from the chat: the user's own rating ("4", a filled star) and the dialog with the same rating
 * control as the character page, so rating never means leaving the conversation.
 */
export function useRateInChat(characterId: string, name: string) {
  const [open, setOpen] = useState(false);
  const rating = useRating(characterId, true);
  const mine = rating.data?.myRating ?? null;
  return {
    mine,
    name,
    label: mine ? `Your rating of ${name}: ${mine} of 5 stars. Change it` : `Rate ${name}`,
    open: () => {
      // Read afresh: the first message of this visit may just have made rating possible.
      void rating.refetch();
      setOpen(true);
    },
    dialog: <RateDialog characterId={characterId} name={name} open={open} onOpenChange={setOpen} />,
  };
}

export type RateInChat = ReturnType<typeof useRateInChat>;

export function RateStar({ mine, className }: { mine: number | null; className?: string }) {
  return <Star aria-hidden="true" className={cn(mine && 'fill-warning text-warning', className)} />;
}

/** The header's star, from 1024 px (below, the same entry sits in the header's menu). */
export function RateButton({ rate, className }: { rate: RateInChat; className?: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={rate.open}
      aria-label={rate.label}
      title={rate.mine ? 'Your rating' : 'Rate'}
      className={cn('px-2.5 sm:px-3', className)}
    >
      <RateStar mine={rate.mine} />
      {rate.mine ? <span className="tabular-nums">{rate.mine}</span> : <span className="hidden 2xl:inline">Rate</span>}
    </Button>
  );
}

function RateDialog({
  characterId,
  name,
  open,
  onOpenChange,
}: {
  characterId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Focus the dialog, not the first star: a focused star previews itself and would hide the current rating. */}
      <DialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement).focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Rate {name}</DialogTitle>
          <DialogDescription>One rating per person; you can change it whenever you like.</DialogDescription>
        </DialogHeader>
        <RateCharacter characterId={characterId} name={name} />
      </DialogContent>
    </Dialog>
  );
}
