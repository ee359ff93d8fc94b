// The session's own rules, with the turn's ports faked: the silence that ends a call, and hanging up releasing it.
import type { CallServerEvent } from '@reverie/shared';
import { describe, expect, it, vi } from 'vitest';
import type { CallMeter } from './call-meter.ts';
import { CallSession, type SessionCall, type SessionDeps } from './call-session.ts';

function session(idleMs: number) {
  const events: CallServerEvent[] = [];
  const closed: Array<[number, string]> = [];
  let open = true;
  const call: SessionCall = {
    actor: { userId: 'u1', role: 'user' } as SessionCall['actor'],
    characterId: 'c1',
    conversationId: 'v1',
    speaker: { voice: 'en-us', options: {} },
    rateLimit: async () => {},
    nsfwLocked: async () => false,
    country: undefined,
    emit: (e) => void events.push(e),
    audio: () => {},
    present: () => open,
    close: (code, reason) => {
      open = false;
      closed.push([code, reason]);
    },
  };
  const deps = { idleMs, admission: { turn: async () => {} } } as unknown as SessionDeps;
  const meter = { stop: vi.fn(), refundCurrent: vi.fn(async () => {}) } as unknown as CallMeter;
  const release = vi.fn(async () => {});
  return { s: new CallSession(deps, call, meter, release), events, closed, meter, release };
}

describe('a call session', () => {
  it('ends after the silence allowed, stopping the meter and giving the slot back', async () => {
    const { events, closed, meter, release } = session(60);
    await vi.waitFor(() => expect(closed).toEqual([[1000, 'idle']]));
    expect(events).toEqual([{ type: 'ended', reason: 'idle' }]);
    expect(meter.stop).toHaveBeenCalled();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('hanging up ends it once, whatever comes after', async () => {
    const { s, events, closed, release } = session(10_000);
    await s.end('hung up');
    await s.end('hung up');
    await s.utterance(Buffer.from('late'));
    expect(closed).toEqual([[1000, 'hung up']]);
    expect(events).toEqual([{ type: 'ended', reason: 'hung up' }]);
    expect(release).toHaveBeenCalledTimes(1);
  });
});
