import { describe, expect, it } from 'vitest';
import { generationError } from './generation-error.ts';

describe('generationError', () => {
  it('tells a user whose reply failed that nothing was charged, not that coins were refunded (the message may have been free)', () => {
    const e = generationError(new Error('boom'));
    expect(e).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(e.message).toBe('The reply could not be generated, and nothing was charged for it. Try again.');
    expect(e.message).not.toMatch(/coins|refund/i);
  });
});
