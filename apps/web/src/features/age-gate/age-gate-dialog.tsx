import { Dialog as DialogPrimitive } from 'radix-ui';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface AgeGateDialogProps {
  /** True while the dialog fades out after an answer. */
  leaving: boolean;
  onConfirm: () => void;
  onDecline: () => void;
}

const block = (e: Event) => e.preventDefault();

/** product.md §2/§4: a full-screen age question that cannot be dismissed (Escape and outside clicks do nothing). */
export function AgeGateDialog({ leaving, onConfirm, onDecline }: AgeGateDialogProps) {
  return (
    <DialogPrimitive.Root open modal>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[80] bg-bg" />
        <DialogPrimitive.Content
          data-testid="age-gate-dialog"
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'fixed inset-0 z-[90] flex items-center justify-center overflow-y-auto p-4 transition-opacity duration-300 focus:outline-none',
            leaving ? 'opacity-0' : 'animate-fade-in opacity-100',
          )}
        >
          <div
            aria-hidden="true"
            className="pointer-events-none fixed -top-32 -left-24 size-96 rounded-full bg-primary-strong/20 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none fixed -right-24 -bottom-32 size-96 rounded-full bg-accent-strong/20 blur-3xl"
          />
          <div className="relative w-full max-w-md rounded-3xl border border-border bg-surface/90 p-8 text-center shadow-2xl shadow-black/70 backdrop-blur-xl">
            <img src="/favicon.svg" alt="" width={56} height={56} className="mx-auto size-14 rounded-2xl shadow-glow" />
            <p className="mt-4 bg-linear-to-r from-primary to-accent bg-clip-text text-sm font-extrabold tracking-[0.2em] text-transparent uppercase">
              Reverie
            </p>
            <DialogPrimitive.Title className="mt-2 text-2xl font-bold text-fg">Are you 18 or older?</DialogPrimitive.Title>
            <DialogPrimitive.Description className="mt-3 text-sm text-fg-muted">
              Reverie is for adults only. It contains AI-generated characters and images with mature themes. Please confirm your age to
              continue.
            </DialogPrimitive.Description>
            <div className="mt-8 flex flex-col gap-3">
              <Button size="lg" onClick={onConfirm} disabled={leaving}>
                Yes, I am 18 or older
              </Button>
              <Button size="lg" variant="outline" onClick={onDecline} disabled={leaving}>
                No, I am under 18
              </Button>
            </div>
            <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-fg-subtle">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              Your answer is remembered on this device for 30 days.
            </p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
