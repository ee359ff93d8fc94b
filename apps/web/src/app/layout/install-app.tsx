import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Download } from 'lucide-react';
import { isIos, isStandalone, promptInstall, usePwa } from '@/lib/pwa';

const IosInstallSteps = lazy(() => import('./ios-install-steps').then((m) => ({ default: m.IosInstallSteps })));

/**
 * "Install app" in the user menu: the browser's own install dialog where it offers one (Chromium, Edge, Android),
 * the Share → Add to Home Screen steps on iPhone and iPad, nothing when already installed or not installable here.
 */
export function InstallAppItem({ className, onIosSteps }: { className: string; onIosSteps: () => void }) {
  const { installEvent, installed } = usePwa();
  if (installed || isStandalone()) return null;
  const ios = !installEvent && isIos();
  if (!installEvent && !ios) return null;
  return (
    <DropdownMenu.Item className={className} onSelect={() => (ios ? onIosSteps() : void promptInstall())}>
      <Download aria-hidden="true" />
      Install app
    </DropdownMenu.Item>
  );
}

/** The iPhone steps live beside the menu (the menu's content unmounts when it closes); loaded when first opened. */
export function useIosInstallSteps(): { open: () => void; dialog: ReactNode } {
  const [shown, setShown] = useState(false);
  const dialog = shown ? (
    <Suspense fallback={null}>
      <IosInstallSteps onClose={() => setShown(false)} />
    </Suspense>
  ) : null;
  return { open: () => setShown(true), dialog };
}
