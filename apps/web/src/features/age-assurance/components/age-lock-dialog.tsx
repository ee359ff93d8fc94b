// Loaded lazily by the header's NSFW switch (by its path, so it stays out of the first page load).
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { AgeLockNotice } from './age-lock-notice';

export function AgeLockDialog({
  open,
  onOpenChange,
  message,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogTitle className="sr-only">Verify your age to show adult content</DialogTitle>
        <AgeLockNotice message={message} className="border-0 bg-transparent p-0" />
      </DialogContent>
    </Dialog>
  );
}
