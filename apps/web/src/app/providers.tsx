import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-context';
import { SessionSync } from '@/features/auth/components/session-sync';
import { GuestPromptProvider } from '@/features/guest/guest-prompt-context';
import { queryClient } from '@/lib/query-client';

/** App-wide providers; the toaster and tooltip provider sit at the root, outside the age gate. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <TooltipProvider>
        <AuthDialogProvider>
          <GuestPromptProvider>{children}</GuestPromptProvider>
        </AuthDialogProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
