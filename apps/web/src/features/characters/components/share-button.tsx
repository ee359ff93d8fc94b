import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** Copies the page's address to the clipboard (shown in a toast where the clipboard is unavailable). */
export function ShareButton({ name }: { name: string }) {
  const onClick = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: `Share ${name} with anyone: the link is on your clipboard.`, variant: 'success' });
    } catch {
      toast({ title: 'Copy this link', description: url });
    }
  };
  return (
    <Button variant="secondary" size="icon" className="size-11" onClick={() => void onClick()} aria-label={`Copy a link to ${name}`}>
      <Share2 aria-hidden="true" />
    </Button>
  );
}
