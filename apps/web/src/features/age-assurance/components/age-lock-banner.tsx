import { useAgeState } from '../api/get-age-state';
import { AgeLockNotice } from './age-lock-notice';

/** Above a list that leaves NSFW items out while age assurance is due: says why, with "Verify my age". */
export function AgeLockBanner({ className }: { className?: string }) {
  const age = useAgeState();
  if (!age.data?.locked) return null;
  return <AgeLockNotice compact message={age.data.message} className={className} />;
}
