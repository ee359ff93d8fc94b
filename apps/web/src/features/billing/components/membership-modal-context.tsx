import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { DEFAULT_MEMBERSHIP_ACTION } from '../lib/membership-action';

export interface MembershipModalApi {
  /** Opens the membership modal for an action, e.g. "chat with Aria" (default "access this feature"). */
  open: (action?: string) => void;
  /**
   * Opens the modal when `error` is the server's 403 MEMBERSHIP_REQUIRED (a missing permission) and says whether it
   * did, so a caller can fall back to its own error message otherwise.
   */
  openForError: (error: unknown, action?: string) => boolean;
  close: () => void;
}

// Loaded the first time it opens, so it costs nothing on the first page load.
const LazyMembershipModal = lazy(() => import('./membership-modal').then((m) => ({ default: m.MembershipModal })));

const noop = () => {};
const MembershipModalContext = createContext<MembershipModalApi>({ open: noop, openForError: () => false, close: noop });

export function isMembershipRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'MEMBERSHIP_REQUIRED';
}

/** Lives inside the router (its button links to /subscribe). */
export function MembershipModalProvider({ children }: { children: ReactNode }) {
  const [action, setActionState] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const value = useMemo<MembershipModalApi>(() => {
    const setAction = (next: string | null) => {
      if (next !== null) setUsed(true);
      setActionState(next);
    };
    return {
      open: (a) => setAction(a?.trim() || DEFAULT_MEMBERSHIP_ACTION),
      openForError: (error, a) => {
        if (!isMembershipRequired(error)) return false;
        setAction(a?.trim() || DEFAULT_MEMBERSHIP_ACTION);
        return true;
      },
      close: () => setAction(null),
    };
  }, []);
  return (
    <MembershipModalContext.Provider value={value}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <LazyMembershipModal action={action} onClose={() => setActionState(null)} />
        </Suspense>
      ) : null}
    </MembershipModalContext.Provider>
  );
}

export function useMembershipModal(): MembershipModalApi {
  return useContext(MembershipModalContext);
}
