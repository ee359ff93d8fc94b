import { useState } from 'react';
import { Heart } from 'lucide-react';
import type { ImageItem } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { useGuestPrompt } from '@/features/guest';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetImageLike } from '../api/toggle-image-like';

/** Like someone's public picture (guests are asked to sign up); the count updates from the server's answer. */
export function LikeImageButton({ image, onChange }: { image: ImageItem; onChange?: (i: ImageItem) => void }) {
  const { user } = useSession();
  const guest = useGuestPrompt();
  const like = useSetImageLike();
  const [state, setState] = useState({ id: image.id, liked: image.liked, likes: image.likes });
  const current = state.id === image.id ? state : { id: image.id, liked: image.liked, likes: image.likes };
  if (image.visibility !== 'public') return null;
  const toggle = () => {
    if (!user) return guest.open('like this picture');
    if (like.isPending) return;
    like.mutate(
      { id: image.id, liked: !current.liked },
      {
        onSuccess: (r) => {
          setState({ id: image.id, ...r });
          onChange?.({ ...image, ...r });
        },
        onError: (e) => toast({ title: 'Not saved', description: getErrorMessage(e, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };
  return (
    <Button variant="secondary" size="sm" onClick={toggle} aria-pressed={current.liked} className="self-start">
      <Heart className={current.liked ? 'fill-current text-danger' : ''} aria-hidden="true" />
      {current.liked ? 'Liked' : 'Like'} · {current.likes}
    </Button>
  );
}
