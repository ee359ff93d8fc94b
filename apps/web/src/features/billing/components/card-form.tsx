import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { CreditCard, Lock, Zap } from 'lucide-react';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import {
  cardBrand,
  formatCardNumber,
  formatExpiry,
  TEST_CARDS,
  TEST_PAYMENT_METHODS,
  validateCardForm,
  type CardBrand,
  type CardFormErrors,
  type CardFormValues,
  type ParsedCard,
} from '../lib/card-form';

export type CardPayment = { card: ParsedCard } | { paymentMethodId: string };

interface CardFormProps {
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The processor's answer to the last attempt (a decline), shown above the button. */
  error?: string | null;
  onPay: (payment: CardPayment) => void;
  /** Hide the one-click test payment methods (e.g. when only replacing a card). */
  showShortcuts?: boolean;
}

const TONE = { success: 'text-success', danger: 'text-danger', warning: 'text-warning' } as const;

function Field({
  label,
  error,
  className,
  ...props
}: { label: string; error?: string; className?: string } & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-11 font-mono tracking-wide"
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Stripe's test payment methods, each paying at once without a card number. */
function TestPaymentMethods({ busy, onPay }: { busy: boolean; onPay: (payment: CardPayment) => void }) {
  return (
    <section aria-labelledby="test-methods" className="grid gap-2">
      <h3 id="test-methods" className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        <Zap aria-hidden="true" className="size-3.5 text-warning" />
        Test payment methods
      </h3>
      <div className="flex flex-wrap gap-2">
        {TEST_PAYMENT_METHODS.map((pm) => (
          <Button key={pm.id} size="sm" variant="outline" disabled={busy} onClick={() => onPay({ paymentMethodId: pm.id })} title={pm.id}>
            {pm.label}
          </Button>
        ))}
      </div>
    </section>
  );
}

/** Stripe's test card numbers with what each one does; a click fills the form with it. */
function TestCardList({ onPick }: { onPick: (number: string) => void }) {
  return (
    <div className="grid gap-2">
      <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">Test cards</p>
      <ul className="grid gap-1.5">
        {TEST_CARDS.map((c) => (
          <li key={c.number}>
            <button
              type="button"
              onClick={() => onPick(c.number)}
              className="flex w-full items-center justify-between gap-3 rounded-lg px-2.5 py-1.5 text-left text-sm ring-1 ring-border transition-colors hover:bg-surface-raised"
            >
              <span className="font-mono whitespace-nowrap text-fg">{c.number}</span>
              <span className={cn('text-right text-xs font-semibold', TONE[c.tone])}>{c.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The card number (with its brand), expiry and CVC inputs, formatted as they are typed. */
function CardFields({
  values,
  errors,
  brand,
  onChange,
}: {
  values: CardFormValues;
  errors: CardFormErrors;
  brand: CardBrand;
  onChange: (field: keyof CardFormValues, value: string) => void;
}) {
  return (
    <div className="grid gap-3 rounded-2xl border border-border bg-bg/50 p-4">
      <div className="relative">
        <Field
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.number}
          error={errors.number}
          onChange={(e) => onChange('number', formatCardNumber(e.target.value))}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-[2.1rem] right-3 flex items-center gap-1 text-[11px] font-bold text-fg-subtle uppercase"
        >
          <CreditCard className="size-4" />
          {brand === 'card' ? null : brand}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={values.expiry}
          error={errors.expiry}
          onChange={(e) => onChange('expiry', formatExpiry(e.target.value))}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '1234' : '123'}
          maxLength={4}
          value={values.cvc}
          error={errors.cvc}
          onChange={(e) => onChange('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
    </div>
  );
}

/** Card number, expiry and CVC with Stripe's test cards one click away; checked here before anything is sent. */
export function CardForm({ submitLabel, busyLabel, busy, error, onPay, showShortcuts = true }: CardFormProps) {
  const [values, setValues] = useState<CardFormValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const brand = cardBrand(values.number.replace(/\D/g, ''));

  const set = (field: keyof CardFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateCardForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    onPay({ card: result.card });
  };

  const fillTestCard = (number: string) => {
    const year = (new Date().getFullYear() + 3) % 100;
    setValues({ number, expiry: `12 / ${String(year).padStart(2, '0')}`, cvc: '123' });
    setErrors({});
  };

  return (
    <div className="grid gap-5">
      {showShortcuts ? <TestPaymentMethods busy={busy} onPay={onPay} /> : null}

      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Card details">
        <TestCardList onPick={fillTestCard} />

        <CardFields values={values} errors={errors} brand={brand} onChange={set} />

        {error ? <FormError>{error}</FormError> : null}

        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <Lock aria-hidden="true" />
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
    </div>
  );
}
