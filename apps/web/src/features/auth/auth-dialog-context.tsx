import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface AuthDialogs {
  openSignIn: () => void;
  openSignUp: () => void;
}

const noop = () => {};
const AuthDialogContext = createContext<AuthDialogs>({ openSignIn: noop, openSignUp: noop });

/**
 * Hook-point for the sign-in and sign-up dialogs (SPEC §2 Dialogs).
 * The dialogs themselves arrive with the session feature; until then opening them does nothing.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthDialogs>(() => ({ openSignIn: noop, openSignUp: noop }), []);
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

export function useAuthDialogs(): AuthDialogs {
  return useContext(AuthDialogContext);
}
