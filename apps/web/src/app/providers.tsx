import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { queryClient } from '@/lib/query-client';

/** App-wide providers; the toaster and tooltip provider sit at the root, outside the age gate. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthDialogProvider>{children}</AuthDialogProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
