import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { AGE_GATE, isAgeVerified, storeAgeVerification } from '@/lib/age-gate';
import { AgeGateLoading } from './age-gate-loading';
import { redirectTo } from './redirect';
import { usePrefetchLink } from './use-prefetch-link';

/**
 * checking → (verified | waiting) ; waiting → prompt after 500 ms ;
 * prompt → accepting → verified after 300 ms ; prompt → declining → redirect after 300 ms.
 */
export type AgeGateStatus = 'checking' | 'waiting' | 'prompt' | 'accepting' | 'declining' | 'verified';

// The question (Radix's dialog) loads only for a visitor who has not answered it, while the loading screen shows.
const loadDialog = () => import('./age-gate-dialog');
const AgeGateDialog = lazy(() => loadDialog().then((m) => ({ default: m.AgeGateDialog })));

/** The characters list is the first thing the app needs; let the browser fetch it while the gate shows. */
export const AGE_GATE_PREFETCH_HREF = '/api/characters';

export function AgeGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AgeGateStatus>('checking');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const later = (ms: number, fn: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };

  useEffect(() => {
    if (isAgeVerified()) {
      setStatus('verified');
    } else {
      setStatus('waiting');
      void loadDialog();
      timer.current = setTimeout(() => setStatus('prompt'), AGE_GATE.modalDelayMs);
    }
    return () => clearTimeout(timer.current);
  }, []);

  usePrefetchLink(AGE_GATE_PREFETCH_HREF, status !== 'checking' && status !== 'verified');

  const confirm = () => {
    storeAgeVerification();
    setStatus('accepting');
    later(AGE_GATE.fadeMs, () => setStatus('verified'));
  };

  const decline = () => {
    setStatus('declining');
    later(AGE_GATE.fadeMs, () => redirectTo(AGE_GATE.underageRedirectUrl));
  };

  if (status === 'verified') return <>{children}</>;
  if (status === 'checking' || status === 'waiting') return <AgeGateLoading />;
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 bg-bg" />
      <Suspense fallback={<AgeGateLoading />}>
        <AgeGateDialog leaving={status !== 'prompt'} onConfirm={confirm} onDecline={decline} />
      </Suspense>
    </>
  );
}
