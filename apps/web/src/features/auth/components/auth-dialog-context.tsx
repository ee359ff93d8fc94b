import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AuthDialogKind } from './auth-dialogs';

export interface AuthDialogs {
  openSignIn: () => void;
  openSignUp: () => void;
  close: () => void;
}

const noop = () => {};
const AuthDialogContext = createContext<AuthDialogs>({ openSignIn: noop, openSignUp: noop, close: noop });

// The dialogs are loaded the first time one opens, so guests who never sign in don't download them.
const LazyAuthDialogs = lazy(() => import('./auth-dialogs').then((m) => ({ default: m.AuthDialogs })));

/** Owns which auth dialog is open (product.md §2 Dialogs); anything can open one through useAuthDialogs(). */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<AuthDialogKind | null>(null);
  const [used, setUsed] = useState(false);
  const value = useMemo<AuthDialogs>(
    () => ({
      openSignIn: () => {
        setUsed(true);
        setOpen('signIn');
      },
      openSignUp: () => {
        setUsed(true);
        setOpen('signUp');
      },
      close: () => setOpen(null),
    }),
    [],
  );
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <LazyAuthDialogs open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  return useContext(AuthDialogContext);
}
