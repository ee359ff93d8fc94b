// Stripe's documented test payment methods and card numbers, and what the sandbox does with each.
import { AppError } from '../../lib/app-error.ts';
import type { PaymentMethodData } from './payments.ts';

export type CardBehaviour =
  /** Charges succeed. */
  | 'succeed'
  /** Charges are declined with declineCode. */
  | 'decline'
  /** The first charge asks the buyer to confirm (3-D Secure-like); later charges succeed. */
  | 'requires_action'
  /** Attaches and pays the first time, but later charges (renewals) are declined. */
  | 'fail_later';

export interface TestCard {
  behaviour: CardBehaviour;
  declineCode?: string;
  card: PaymentMethodData;
}

interface Known {
  number: string;
  pm: string[];
  brand: string;
  behaviour: CardBehaviour;
  declineCode?: string;
}

const KNOWN: Known[] = [
  { number: '4242424242424242', pm: ['pm_card_visa'], brand: 'visa', behaviour: 'succeed' },
  { number: '5555555555554444', pm: ['pm_card_mastercard'], brand: 'mastercard', behaviour: 'succeed' },
  { number: '378282246310005', pm: ['pm_card_amex'], brand: 'amex', behaviour: 'succeed' },
  {
    number: '4000000000000002',
    pm: ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined'],
    brand: 'visa',
    behaviour: 'decline',
    declineCode: 'card_declined',
  },
  {
    number: '4000000000009995',
    pm: ['pm_card_chargeDeclinedInsufficientFunds'],
    brand: 'visa',
    behaviour: 'decline',
    declineCode: 'insufficient_funds',
  },
  {
    number: '4000000000000069',
    pm: ['pm_card_chargeDeclinedExpiredCard'],
    brand: 'visa',
    behaviour: 'decline',
    declineCode: 'expired_card',
  },
  {
    number: '4000000000000127',
    pm: ['pm_card_chargeDeclinedIncorrectCvc'],
    brand: 'visa',
    behaviour: 'decline',
    declineCode: 'incorrect_cvc',
  },
  {
    number: '4000002500003155',
    pm: ['pm_card_authenticationRequired', 'pm_card_threeDSecure2Required'],
    brand: 'visa',
    behaviour: 'requires_action',
  },
  { number: '4000000000000341', pm: ['pm_card_chargeCustomerFail'], brand: 'visa', behaviour: 'fail_later' },
];

const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  authentication_failed: 'The payment was not confirmed, so your card was not charged.',
  test_mode_live_card: 'Your card was declined. This checkout is in test mode: use a test card such as 4242 4242 4242 4242.',
};

/** 402 CARD_DECLINED with `{ declineCode }`. */
export class CardDeclinedError extends AppError {
  constructor(readonly declineCode: string) {
    super(402, 'CARD_DECLINED', DECLINE_MESSAGES[declineCode] ?? 'Your card was declined.', { details: { declineCode } });
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  paymentMethodId?: string;
  cardNumber?: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
}

/** What a test method or card does; 400 for a malformed card, a 'decline' card for numbers that are not test cards. */
export function resolveTestCard(input: CardInput, now: Date): TestCard {
  if (input.paymentMethodId) {
    const k = KNOWN.find((c) => c.pm.includes(input.paymentMethodId!));
    if (!k) {
      throw AppError.badRequest(
        `Unknown test payment method "${input.paymentMethodId}". Use pm_card_visa, pm_card_chargeDeclined or pm_card_authenticationRequired.`,
      );
    }
    return {
      behaviour: k.behaviour,
      declineCode: k.declineCode,
      card: { brand: k.brand, last4: k.number.slice(-4), expMonth: 12, expYear: now.getUTCFullYear() + 3 },
    };
  }
  const number = input.cardNumber ?? '';
  if (!luhn(number)) throw AppError.badRequest('Your card number is incorrect.');
  if (input.expMonth === undefined || input.expYear === undefined) throw AppError.badRequest("Enter your card's expiry month and year.");
  if (!input.cvc) throw AppError.badRequest("Enter your card's security code.");
  const endOfExpiryMonth = Date.UTC(input.expYear, input.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw new CardDeclinedError('expired_card');
  const card = { last4: number.slice(-4), expMonth: input.expMonth, expYear: input.expYear };
  const k = KNOWN.find((c) => c.number === number);
  if (!k) return { behaviour: 'decline', declineCode: 'test_mode_live_card', card: { brand: 'card', ...card } };
  return { behaviour: k.behaviour, declineCode: k.declineCode, card: { brand: k.brand, ...card } };
}
