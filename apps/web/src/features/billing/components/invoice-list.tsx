import { ExternalLink, FileText } from 'lucide-react';
import type { Invoice } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatMoney } from '../lib/money';

const STATUS: Record<Invoice['status'], { label: string; variant: 'success' | 'default' | 'accent' }> = {
  paid: { label: 'Paid', variant: 'success' },
  open: { label: 'Open', variant: 'accent' },
  void: { label: 'Void', variant: 'default' },
  refunded: { label: 'Refunded', variant: 'default' },
};

/** Invoices, newest first; an empty list says so (product.md §8: a failed load is shown as an empty list). */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-border-strong px-4 py-6 text-sm text-fg-muted">
        <FileText aria-hidden="true" className="size-4" />
        No invoices yet. Every membership payment and coin purchase gets one.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border" aria-label="Invoices">
      {invoices.map((inv) => {
        const status = STATUS[inv.status];
        return (
          <li key={inv.id} className="flex items-start gap-4 px-4 py-3">
            <div className="min-w-0 grow">
              <p className="truncate text-sm font-medium text-fg">{inv.description}</p>
              <p className="text-xs text-fg-subtle">
                <time dateTime={inv.createdAt}>{formatDate(inv.createdAt)}</time> · {inv.number}
                {inv.paymentMethod ? ` · ${inv.paymentMethod.brand} •••• ${inv.paymentMethod.last4}` : ''}
              </p>
              {inv.hostedUrl ? (
                <a
                  href={inv.hostedUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="mt-1 inline-flex items-center gap-1 text-xs text-primary hover:underline"
                >
                  View invoice <ExternalLink aria-hidden="true" className="size-3" />
                  <span className="sr-only">{inv.number}</span>
                </a>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="text-sm font-semibold text-fg tabular-nums">{formatMoney(inv.amountCents, inv.currency)}</span>
              <Badge variant={status.variant}>{status.label}</Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
