import { Share, SquarePlus } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Safari on iPhone and iPad has no install dialog: the steps, said plainly. */
export function IosInstallSteps({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="pr-8">Install Reverie on your iPhone or iPad</DialogTitle>
          <DialogDescription>Safari adds it to your Home Screen; it then opens full screen, like an app.</DialogDescription>
        </DialogHeader>
        <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-fg">
          <li>
            Tap <Share aria-label="Share" className="inline size-4 align-text-bottom" /> <strong>Share</strong> in Safari&apos;s toolbar.
          </li>
          <li>
            Choose <SquarePlus aria-label="Add" className="inline size-4 align-text-bottom" /> <strong>Add to Home Screen</strong>, then{' '}
            <strong>Add</strong>.
          </li>
          <li>Open Reverie from its icon. Notifications on iPhone and iPad work only in the installed app.</li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}
