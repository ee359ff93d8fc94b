import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

/** POST /api/subscriptions/resume: undoes a cancellation scheduled for the period end. */
export const resumeSubscription = () => apiRequest(api.billing.resume);

export function useResumeSubscription() {
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (result) => {
      syncAccount({ tier: result.tier });
      return invalidateAccount();
    },
  });
}
