import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAuthDialogs } from '@/features/auth';

// Loaded the first time a guest meets it, not in everyone's first load.
const GuestPromptDialog = lazy(() => import('./guest-prompt-dialog').then((m) => ({ default: m.GuestPromptDialog })));

export interface GuestPrompt {
  /** Opens the sign-up prompt for a restricted action, e.g. "manage your favorites". */
  open: (action: string) => void;
  close: () => void;
}

const noop = () => {};
const GuestPromptContext = createContext<GuestPrompt>({ open: noop, close: noop });

/** Must sit inside AuthDialogProvider: its buttons open the sign-up and sign-in dialogs. */
export function GuestPromptProvider({ children }: { children: ReactNode }) {
  const [action, setAction] = useState<string | null>(null);
  // Stays mounted once shown, so that closing it animates like every dialog.
  const [shown, setShown] = useState(false);
  const { openSignIn, openSignUp } = useAuthDialogs();
  const value = useMemo<GuestPrompt>(
    () => ({
      open: (a) => {
        setShown(true);
        setAction(a);
      },
      close: () => setAction(null),
    }),
    [],
  );
  return (
    <GuestPromptContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <GuestPromptDialog
            action={action}
            onOpenChange={(isOpen) => !isOpen && setAction(null)}
            onSignUp={() => {
              setAction(null);
              openSignUp();
            }}
            onSignIn={() => {
              setAction(null);
              openSignIn();
            }}
          />
        </Suspense>
      )}
    </GuestPromptContext.Provider>
  );
}

export function useGuestPrompt(): GuestPrompt {
  return useContext(GuestPromptContext);
}
