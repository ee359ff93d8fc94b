import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, luhnValid, validateCardForm } from './card-form';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('sandbox checkout card form', () => {
  it('accepts Stripe test cards and returns what the processor needs', () => {
    expect(validateCardForm({ number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' }, NOW)).toEqual({
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' },
    });
    expect('card' in validateCardForm({ number: '4000 0025 0000 3155', expiry: '11/26', cvc: '999' }, NOW)).toBe(true);
  });

  it('asks for every field when the form is empty', () => {
    expect(validateCardForm({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      errors: {
        number: 'Enter your card number.',
        expiry: "Enter your card's expiry date.",
        cvc: "Enter your card's security code.",
      },
    });
  });

  it('refuses a number that fails the checksum or is too short', () => {
    expect(validateCardForm({ number: '4242 4242 4242 4241', expiry: '12/29', cvc: '123' }, NOW)).toEqual({
      errors: { number: 'Your card number is incorrect.' },
    });
    expect(validateCardForm({ number: '4242', expiry: '12/29', cvc: '123' }, NOW)).toEqual({
      errors: { number: 'Your card number is incorrect.' },
    });
  });

  it('refuses a past or impossible expiry', () => {
    expect(validateCardForm({ number: '4242424242424242', expiry: '10 / 26', cvc: '123' }, NOW)).toEqual({
      errors: { expiry: "Your card's expiry date is in the past." },
    });
    expect(validateCardForm({ number: '4242424242424242', expiry: '13 / 29', cvc: '123' }, NOW)).toEqual({
      errors: { expiry: 'The expiry month must be 01 to 12.' },
    });
    expect(validateCardForm({ number: '4242424242424242', expiry: '1 / 2', cvc: '123' }, NOW)).toEqual({
      errors: { expiry: 'Use the MM / YY format.' },
    });
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(validateCardForm({ number: '4242424242424242', expiry: '12/29', cvc: '12' }, NOW)).toEqual({
      errors: { cvc: 'The security code is 3 digits.' },
    });
    expect(validateCardForm({ number: '3782 822463 10005', expiry: '12/29', cvc: '123' }, NOW)).toEqual({
      errors: { cvc: 'The security code is 4 digits.' },
    });
  });

  it('formats the number and expiry while typing', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('1')).toBe('1');
    expect(luhnValid('4000000000000002')).toBe(true);
  });
});
