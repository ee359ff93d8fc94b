import { useSession } from '@/features/auth';
import { useAccessToken } from '@/lib/auth-tokens';
import { TagPreferencesDialog } from './tag-preferences-dialog';

/**
 * product.md §4 Onboarding: a signed-in user whose preferences.completedOnboarding is false gets the first-time
 * tag dialog, which stays until saved. Render it inside the age gate (the shell header does).
 */
export function OnboardingGate() {
  const { user } = useSession();
  const token = useAccessToken();
  const needsOnboarding = Boolean(token && user?.preferences && !user.preferences.completedOnboarding);
  if (!needsOnboarding || !user) return null;
  return <TagPreferencesDialog key={user.id} mode="firstTime" open />;
}
