import { ImagePlus, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { useGuestPrompt } from '@/features/guest';
import { getErrorMessage } from '@/lib/api-client';
import { useTestImage } from '../api/test-image';
import { formatNumber } from '@/lib/format';

/** /test: one tiny picture straight from the image backend (not charged, not kept), or the reason it failed. */
export function TinyImageTest() {
  const { user } = useSession();
  const guest = useGuestPrompt();
  const test = useTestImage();
  return (
    <div className="grid gap-3">
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        disabled={test.isPending}
        onClick={() => (user ? test.mutate() : guest.open('test image generation'))}
      >
        {test.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
        {test.isPending ? 'Making a tiny image...' : 'Tiny image'}
      </Button>
      <div aria-live="polite">
        {test.data ? (
          <div className="flex items-center gap-3 text-sm text-fg-muted" data-testid="tiny-image-result">
            <img
              src={test.data.image}
              alt="The test picture"
              width={test.data.width}
              height={test.data.height}
              className="size-16 rounded-lg ring-1 ring-border [image-rendering:pixelated]"
            />
            <span>
              {test.data.width} × {test.data.height} from {test.data.provider} in{' '}
              {formatNumber(test.data.ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s. Image generation works.
            </span>
          </div>
        ) : test.isError ? (
          <p role="alert" className="text-sm break-words text-danger">
            {getErrorMessage(test.error, 'The image backend did not answer.')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
