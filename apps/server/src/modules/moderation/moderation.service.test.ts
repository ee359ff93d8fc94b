import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { BlockedEvent } from './types.ts';
import { ModerationService } from './moderation.service.ts';

function service() {
  const logged: unknown[] = [];
  const svc = new ModerationService({ warn: (obj: unknown) => void logged.push(obj) } as never);
  return { svc, logged };
}

describe('ModerationService', () => {
  it('refuses blocked content with 422 CONTENT_BLOCKED naming rule and field, and tells listeners without the text', () => {
    const { svc, logged } = service();
    const events: BlockedEvent[] = [];
    svc.onBlocked((e) => events.push(e));
    const text = 'She is 15 years old and we have sex';
    let thrown: unknown;
    try {
      svc.assertAllowed({ description: text }, { surface: 'character', userId: 'u1' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const err = thrown as AppError;
    expect(err.status).toBe(422);
    expect(err.code).toBe('CONTENT_BLOCKED');
    expect(err.details).toMatchObject({ rule: 'minors-sexual', field: 'description' });
    expect(err.message).not.toContain('15 years');
    expect(events).toEqual([expect.objectContaining({ rule: 'minors-sexual', field: 'description', surface: 'character', userId: 'u1' })]);
    expect(JSON.stringify(logged)).not.toContain('15 years');
  });

  it('lets adult content and wholesome mentions of children through', () => {
    const { svc } = service();
    expect(() =>
      svc.assertAllowed({ description: 'Two consenting adults share a passionate night.' }, { surface: 'character', nsfwContext: true }),
    ).not.toThrow();
    expect(svc.check({ greeting: 'My daughter loves the park; we picnic every Sunday.' }, { surface: 'chat-reply' })).toEqual({
      allowed: true,
    });
  });

  it('a failing listener does not turn a block into an error', () => {
    const { svc } = service();
    svc.onBlocked(() => {
      throw new Error('queue down');
    });
    expect(svc.check({ message: 'sex with a 12 year old' }, { surface: 'chat-user' })).toMatchObject({ allowed: false });
  });
});
