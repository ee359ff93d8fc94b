import { Spinner } from '@/components/ui/spinner';

/** The full-screen screen shown while the age-verification status is still unknown. */
export function AgeGateLoading() {
  return (
    <div data-testid="age-gate-loading" className="fixed inset-0 flex flex-col items-center justify-center gap-6 bg-bg">
      <img src="/favicon.svg" alt="" width={56} height={56} className="size-14 rounded-2xl shadow-glow" />
      <Spinner label="Loading Reverie..." />
    </div>
  );
}
