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
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface-raised px-4 py-3 ring-1 ring-border">
        <p className="flex items-center gap-3 text-sm text-fg">
          <CreditCard aria-hidden="true" className="size-5 text-fg-muted" />
          {paymentMethod ? (
            <span data-testid="payment-method">
              <span className="font-semibold capitalize">{paymentMethod.brand}</span> •••• {paymentMethod.last4}
              {paymentMethod.expMonth && paymentMethod.expYear ? (
                <span className="text-fg-muted">
                  {' '}
                  · expires {String(paymentMethod.expMonth).padStart(2, '0')}/{String(paymentMethod.expYear).slice(-2)}
                </span>
              ) : null}
            </span>
          ) : (
            <span className="text-fg-muted">No card saved</span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {mode === 'stripe' ? (
            <Button size="sm" variant="secondary" disabled={portal.isPending} onClick={openPortal}>
              <ExternalLink aria-hidden="true" />
              {portal.isPending ? 'Opening...' : 'Open billing portal'}
            </Button>
          ) : hasMembership ? (
            <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
              Update card
            </Button>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p className="text-sm text-fg-muted" role="status">
          {notice}
        </p>
      ) : null}

      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (update.isPending) return;
          setOpen(o);
          setError(null);
        }}
      >
        <DialogContent className="max-w-lg overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Update your card</DialogTitle>
            <DialogDescription>Renewals are charged to this card from now on.</DialogDescription>
          </DialogHeader>
          <TestModeBanner className="mb-4" />
          <CardForm submitLabel="Save card" busyLabel="Saving..." busy={update.isPending} error={error} onPay={pay} showShortcuts={false} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
