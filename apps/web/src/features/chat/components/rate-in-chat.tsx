import { useState } from 'react';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useRating } from '@/features/characters/api/rate-character';
import { RateCharacter } from '@/features/characters/components/rate-character';
import { cn } from '@/lib/utils';

/**
 * The header's star: the user's own rating of the character ("4", a filled star) or an outline star, opening the
 * same rating control as the character page, so rating never means leaving the conversation.
 */
export function RateInChat({ characterId, name }: { characterId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const rating = useRating(characterId, true);
  const mine = rating.data?.myRating ?? null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          // Read afresh: the first message of this visit may just have made rating possible.
          void rating.refetch();
          setOpen(true);
        }}
        aria-label={mine ? `Your rating of ${name}: ${mine} of 5 stars. Change it` : `Rate ${name}`}
        title={mine ? 'Your rating' : 'Rate'}
        className="px-2.5 sm:px-3"
      >
        <Star className={cn(mine && 'fill-warning text-warning')} />
        {mine ? <span className="tabular-nums">{mine}</span> : <span className="hidden lg:inline">Rate</span>}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
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
    </>
  );
}
