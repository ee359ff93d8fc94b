import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { rememberReturnPath } from '../lib/return-path';

/** POST /api/age-assurance/checks: opens a check with the operator's provider; answers where to do it. */
export const startAgeCheck = () => apiRequest(api.age.start);

/**
 * Starts a check and goes to it: the sandbox's page is ours (a route), a provider's is its own site. Affects no cached
 * data until the check ends (the result page refetches the standing).
 */
export function useStartAgeCheck(navigate: (to: string) => void) {
  return useMutation({
    mutationFn: startAgeCheck,
    onSuccess: ({ url }) => {
      rememberReturnPath();
      if (url.startsWith('/')) navigate(url);
      else window.location.assign(url);
    },
  });
}
