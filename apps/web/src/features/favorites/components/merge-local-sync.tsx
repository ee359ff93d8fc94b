import { useEffect } from 'react';
import { useSession } from '@/features/auth';
import { logError } from '@/lib/request-queue';
import { mergeLocalOnce } from '../api/merge-local';

/** After sign-in, moves the likes and favorites a guest kept on this device into the account, once. */
export function MergeLocalSync() {
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    mergeLocalOnce().catch((error: unknown) => logError('Could not save your local likes and favorites', error));
  }, [userId]);
  return null;
}
