import { Heart } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/hooks/use-session';
import { MANAGE_FAVORITES_ACTION } from '@/features/guest/guest-actions';
import { useGuestPrompt } from '@/features/guest/guest-prompt-context';

export default function FavoritesPage() {
  const { user } = useSession();
  const guestPrompt = useGuestPrompt();
  return (
    <SimplePage
      title="Favorites"
      description="Characters you've saved to come back to."
      icon={<Heart />}
      empty={{
        title: 'No favorites yet',
        description: 'Tap the heart on any character to keep them here, one tap away.',
        action: { label: 'Discover characters', to: '/' },
      }}
    >
      {user ? null : (
        <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-fg-muted">
            As a guest, favorites are kept only in this browser. Sign up to keep them on every device.
          </p>
          <Button variant="secondary" onClick={() => guestPrompt.open(MANAGE_FAVORITES_ACTION)}>
            <Heart aria-hidden="true" />
            Manage favorites
          </Button>
        </div>
      )}
    </SimplePage>
  );
}
