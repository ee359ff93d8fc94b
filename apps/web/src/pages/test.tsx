import { Stethoscope } from 'lucide-react';
import { Page } from '@/components/page/page';
import { isAgeVerified } from '@/lib/age-gate';
import { useImageBlur, useShowNsfw } from '@/lib/nsfw';
import { DiagnosticsList } from '@/components/page/diagnostics-list';

export default function TestPage() {
  const [showNsfw] = useShowNsfw();
  const [imageBlur] = useImageBlur();
  return (
    <Page title="Diagnostics" description="A quick look at how this browser sees the app." icon={<Stethoscope />}>
      <DiagnosticsList
        rows={[
          ['Build mode', import.meta.env.MODE],
          ['Age verified', isAgeVerified() ? 'yes' : 'no'],
          ['Show NSFW', showNsfw ? 'on' : 'off'],
          ['Blur images', imageBlur ? 'on' : 'off'],
          ['Viewport', `${window.innerWidth} × ${window.innerHeight}`],
          ['User agent', navigator.userAgent],
        ]}
      />
    </Page>
  );
}
