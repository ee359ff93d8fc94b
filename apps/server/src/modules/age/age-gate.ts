// What the routes of other modules ask: is NSFW content closed to this request's viewer? The region comes from the
// request (location.ts), the standing from the account; the answer is kept for the request, so a route that asks
// twice reads once. Handed to characters, chat, groups, images and users by the composition root.
import type { ContentFilter } from '@reverie/shared';
import type { FastifyRequest } from 'fastify';
import type { AgeAssuranceService } from './age.service.ts';
import { ageAssuranceRequired } from './age.service.ts';

export { ageAssuranceRequired };
import type { Region } from './location.ts';

export class AgeGate {
  private readonly answers = new WeakMap<object, Promise<boolean>>();

  constructor(
    private readonly service: AgeAssuranceService,
    readonly regionOf: (req: FastifyRequest) => Region | null,
  ) {}

  nsfwLocked(req: FastifyRequest): Promise<boolean> {
    let answer = this.answers.get(req);
    if (!answer) {
      answer = this.service.locked(req.auth ? { userId: req.auth.userId, role: req.auth.role } : null, this.regionOf(req));
      this.answers.set(req, answer);
    }
    return answer;
  }

  /** 403 AGE_ASSURANCE_REQUIRED when the content is NSFW and closed to the viewer. */
  async assertOpen(req: FastifyRequest, nsfw: boolean): Promise<void> {
    if (nsfw && (await this.nsfwLocked(req))) throw ageAssuranceRequired();
  }

  /** A listing's filter for this viewer: `sfw` while locked (asking for `nsfw` only is a 403 that says why). */
  async contentFilter(req: FastifyRequest, asked: ContentFilter): Promise<ContentFilter> {
    if (!(await this.nsfwLocked(req))) return asked;
    if (asked === 'nsfw') throw ageAssuranceRequired();
    return 'sfw';
  }

  /** The SFW items of a list while locked (lists without a filter of their own: a creator's characters, search). */
  async sfwOnly<T extends { nsfw: boolean }>(req: FastifyRequest, items: T[]): Promise<T[]> {
    if (!items.some((i) => i.nsfw) || !(await this.nsfwLocked(req))) return items;
    return items.filter((i) => !i.nsfw);
  }
}

/** NSFW content is closed to the caller where they are (asked lazily: only for NSFW content). */
export type NsfwLocked = () => Promise<boolean>;

/** What the modules serving NSFW content are handed. */
export type NsfwGate = Pick<AgeGate, 'nsfwLocked' | 'assertOpen' | 'contentFilter' | 'sfwOnly'>;
