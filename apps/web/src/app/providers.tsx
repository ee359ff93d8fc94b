import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthDialogProvider } from '@/features/auth';
import { SessionSync } from '@/features/auth';
import { GuestPromptProvider } from '@/features/guest';
import { queryClient } from '@/lib/query-client';

// Loaded on demand (JS budget of the first load): toasts raised before it arrives wait in lib/toast's store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** App-wide providers; the toaster and tooltip provider sit at the root, outside the age gate. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <TooltipProvider>
        <AuthDialogProvider>
          <GuestPromptProvider>{children}</GuestPromptProvider>
        </AuthDialogProvider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
