import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAuthDialogs } from '@/features/auth/components/auth-dialog-context';
import { GuestPromptDialog } from './guest-prompt-dialog';

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
  const { openSignIn, openSignUp } = useAuthDialogs();
  const value = useMemo<GuestPrompt>(() => ({ open: setAction, close: () => setAction(null) }), []);
  return (
    <GuestPromptContext.Provider value={value}>
      {children}
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
    </GuestPromptContext.Provider>
  );
}

export function useGuestPrompt(): GuestPrompt {
  return useContext(GuestPromptContext);
}
