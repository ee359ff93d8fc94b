import { useState } from 'react';
import { CreditCard, ExternalLink } from 'lucide-react';
import type { PaymentMethodSummary, PaymentsMode } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreatePortalSession } from '../api/create-portal-session';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { openCheckout } from '../lib/open-checkout';
import { CardForm, type CardPayment } from './card-form';
import { TestModeBanner } from './test-mode-banner';

interface Props {
  mode: PaymentsMode;
  paymentMethod: PaymentMethodSummary | null;
  hasMembership: boolean;
}

/** The saved card's brand, last digits and expiry, or that there is none. */
function SavedCard({ paymentMethod }: { paymentMethod: PaymentMethodSummary | null }) {
  if (!paymentMethod) return <span className="text-fg-muted">No card saved</span>;
  return (
    <span data-testid="payment-method">
      <span className="font-semibold capitalize">{paymentMethod.brand}</span> •••• {paymentMethod.last4}
      {paymentMethod.expMonth && paymentMethod.expYear ? (
        <span className="text-fg-muted">
          {' '}
          · expires {String(paymentMethod.expMonth).padStart(2, '0')}/{String(paymentMethod.expYear).slice(-2)}
        </span>
      ) : null}
    </span>
  );
}

/** The saved card with what can be done with it: the Billing Portal (Stripe) or a new card (sandbox, members). */
function PaymentMethodRow({
  mode,
  paymentMethod,
  hasMembership,
  opening,
  onOpenPortal,
  onUpdate,
}: Props & { opening: boolean; onOpenPortal: () => void; onUpdate: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface-raised px-4 py-3 ring-1 ring-border">
      <p className="flex items-center gap-3 text-sm text-fg">
        <CreditCard aria-hidden="true" className="size-5 text-fg-muted" />
        <SavedCard paymentMethod={paymentMethod} />
      </p>
      <div className="flex flex-wrap gap-2">
        {mode === 'stripe' ? (
          <Button size="sm" variant="secondary" disabled={opening} onClick={onOpenPortal}>
            <ExternalLink aria-hidden="true" />
            {opening ? 'Opening...' : 'Open billing portal'}
          </Button>
        ) : hasMembership ? (
          <Button size="sm" variant="secondary" onClick={onUpdate}>
            Update card
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The sandbox's dialog that replaces the card renewals are charged to. */
function UpdateCardDialog({
  open,
  onOpenChange,
  busy,
  error,
  onPay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: string | null;
  onPay: (payment: CardPayment) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Update your card</DialogTitle>
          <DialogDescription>Renewals are charged to this card from now on.</DialogDescription>
        </DialogHeader>
        <TestModeBanner className="mb-4" />
        <CardForm submitLabel="Save card" busyLabel="Saving..." busy={busy} error={error} onPay={onPay} showShortcuts={false} />
      </DialogContent>
    </Dialog>
  );
}

/** The card renewals are charged to: replace it (sandbox) or manage it in Stripe's Billing Portal. */
export function PaymentMethodSection({ mode, paymentMethod, hasMembership }: Props) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePaymentMethod();
  const portal = useCreatePortalSession();

  const pay = (payment: CardPayment) => {
    setError(null);
    update.mutate('paymentMethodId' in payment ? { paymentMethodId: payment.paymentMethodId } : payment.card, {
      onSuccess: (result) => {
        if (!result.success) {
          setOpen(false);
          setNotice(result.message);
          return;
        }
        if (result.url) {
          openCheckout(result.url, (to) => window.location.assign(to));
          return;
        }
        setOpen(false);
        setNotice(null);
        toast({ title: 'Card updated', description: result.message, variant: 'success' });
      },
      onError: (err) => setError(getErrorMessage(err, 'Your card could not be saved.')),
    });
  };

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (result) => window.location.assign(result.url),
      onError: (err) =>
        toast({
          title: 'Could not open the billing portal',
          description: getErrorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="grid gap-3">
      <PaymentMethodRow
        mode={mode}
        paymentMethod={paymentMethod}
        hasMembership={hasMembership}
        opening={portal.isPending}
        onOpenPortal={openPortal}
        onUpdate={() => setOpen(true)}
      />
      {notice ? (
        <p className="text-sm text-fg-muted" role="status">
          {notice}
        </p>
      ) : null}

      <UpdateCardDialog
        open={open}
        onOpenChange={(o) => {
          if (update.isPending) return;
          setOpen(o);
          setError(null);
        }}
        busy={update.isPending}
        error={error}
        onPay={pay}
      />
    </div>
  );
}
