import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './use-live-notifications';

describe('reconnectDelay', () => {
  it('reconnects at once after a planned end and backs off after failures, up to about 30 s', () => {
    expect(reconnectDelay(0)).toBe(500);
    expect(reconnectDelay(1, () => 0.5)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(36_000);
    expect(reconnectDelay(20, () => 0)).toBe(24_000);
  });
});
