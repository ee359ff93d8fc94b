import { Crown, Heart, MessageCircle, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { GUEST_PROMPT_BENEFITS, GUEST_PROMPT_SOCIAL_PROOF, guestPromptTitle } from './guest-actions';

const ICONS = [Heart, MessageCircle, Crown] as const;

interface GuestPromptDialogProps {
  action: string | null;
  onOpenChange: (open: boolean) => void;
  onSignUp: () => void;
  onSignIn: () => void;
}

/** The sign-up prompt a guest sees on a restricted action (product.md §1 Guests). */
export function GuestPromptDialog({ action, onOpenChange, onSignUp, onSignIn }: GuestPromptDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-hidden p-0">
        <div className="relative bg-linear-to-br from-primary-strong/30 via-accent-strong/20 to-transparent px-6 pt-8 pb-6 text-center">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-16 left-1/2 size-48 -translate-x-1/2 rounded-full bg-primary/20 blur-3xl"
          />
          <span
            aria-hidden="true"
            className="relative mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-primary-strong to-accent-strong text-white shadow-glow"
          >
            <Sparkles className="size-7" />
          </span>
          <DialogTitle className="relative mt-4 text-xl leading-snug font-bold">{action ? guestPromptTitle(action) : ''}</DialogTitle>
          <DialogDescription className="relative mt-2">A free account takes less than a minute.</DialogDescription>
        </div>
        <div className="grid gap-5 px-6 pt-2 pb-6">
          <ul className="grid gap-2.5">
            {GUEST_PROMPT_BENEFITS.map((benefit, i) => {
              const Icon = ICONS[i] ?? Sparkles;
              return (
                <li
                  key={benefit}
                  className="flex items-center gap-3 rounded-xl bg-surface-raised px-3 py-2.5 text-sm font-medium text-fg ring-1 ring-border"
                >
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {benefit}
                </li>
              );
            })}
          </ul>
          <div className="grid gap-2">
            <Button size="lg" className="w-full" onClick={onSignUp}>
              Get Started Free
            </Button>
            <Button variant="ghost" className="w-full" onClick={onSignIn}>
              Already have an account? Sign In
            </Button>
          </div>
          <p className="text-center text-xs text-fg-subtle">{GUEST_PROMPT_SOCIAL_PROOF}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
