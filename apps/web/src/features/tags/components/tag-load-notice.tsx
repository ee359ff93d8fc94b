import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { TagNotice } from '../lib/tag-options';

/** product.md §8: "Unable to Load Tags" (load failure) or "No Tags Available" (empty list), above the tag dialog. */
export function TagLoadNotice({ notice, onClose }: { notice: TagNotice; onClose: () => void }) {
  const title = notice?.kind === 'error' ? 'Unable to Load Tags' : 'No Tags Available';
  const lines =
    notice?.kind === 'error'
      ? [notice.message, 'Please try refreshing the page or contact support.']
      : ['The tag database appears to be empty.', 'Please contact support to set up your preferences.'];
  return (
    <Dialog open={notice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog" className="z-[60] max-w-sm text-center" overlayClassName="z-[60]">
        <span
          aria-hidden="true"
          className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-2xl bg-warning/15 text-warning"
        >
          <AlertTriangle className="size-6" />
        </span>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-2 grid gap-1.5">
            {lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </DialogDescription>
        <Button className="mt-5 w-full" onClick={onClose}>
          OK
        </Button>
      </DialogContent>
    </Dialog>
  );
}
