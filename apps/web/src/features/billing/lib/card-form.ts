// Client-side checks of the sandbox checkout's card form, run before anything is sent. The processor (server)
// still decides what each card does; these only catch typos with a message next to the field.

export interface CardFormValues {
  number: string;
  /** "MM / YY" as typed */
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

export interface ParsedCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'card';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** "4242424242424242" → "4242 4242 4242 4242" (American Express: 4-6-5), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1228" → "12 / 28" while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Checks the form against `now`; either the parsed card or a message per broken field. */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): { card: ParsedCard } | { errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const number = digitsOnly(values.number);
  if (!number) errors.number = 'Enter your card number.';
  else if (number.length < 12 || number.length > 19 || !luhnValid(number)) errors.number = 'Your card number is incorrect.';

  const exp = digitsOnly(values.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!exp) errors.expiry = "Enter your card's expiry date.";
  else if (exp.length !== 4) errors.expiry = 'Use the MM / YY format.';
  else {
    expMonth = Number(exp.slice(0, 2));
    expYear = 2000 + Number(exp.slice(2));
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expMonth < 1 || expMonth > 12) errors.expiry = 'The expiry month must be 01 to 12.';
    else if (expYear * 12 + (expMonth - 1) < thisMonth) errors.expiry = "Your card's expiry date is in the past.";
  }

  const cvc = digitsOnly(values.cvc);
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!cvc) errors.cvc = "Enter your card's security code.";
  else if (cvc.length !== cvcLength || values.cvc.trim().length !== cvc.length) errors.cvc = `The security code is ${cvcLength} digits.`;

  if (Object.keys(errors).length > 0) return { errors };
  return { card: { cardNumber: number, expMonth, expYear, cvc } };
}

/** Stripe's test cards the sandbox knows, offered as one-click fills. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', label: 'Succeeds', tone: 'success' },
  { number: '4000 0000 0000 0002', label: 'Declined', tone: 'danger' },
  { number: '4000 0025 0000 3155', label: 'Asks for confirmation', tone: 'warning' },
] as const;

/** Stripe's test payment method ids: pay in one click without typing a card. */
export const TEST_PAYMENT_METHODS = [
  { id: 'pm_card_visa', label: 'Visa (succeeds)' },
  { id: 'pm_card_chargeDeclined', label: 'Declined card' },
  { id: 'pm_card_authenticationRequired', label: 'Needs confirmation' },
] as const;
