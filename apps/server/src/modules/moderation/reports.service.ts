// Users report a character, an image, a message or a user; each report becomes an item in the moderation queue.
import type { CreateReportBody, ReviewRequestBody } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import { spanHash, type ModerationService } from './moderation.service.ts';
import type { ModerationQueue } from './queue.service.ts';
import type { SubjectRegistry } from './subjects.ts';

export const REVIEW_THANKS = 'Thank you. A moderator will look at this and the reasons it was blocked.';

export const REPORT_THANKS = 'Thank you. Moderators will review your report, and we will let you know what they decide.';

export class ReportsService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ moderation: ModerationRepo }>;
      subjects: SubjectRegistry;
      queue: ModerationQueue;
      moderation: ModerationService;
      /** Resolves once a refusal just made is written (a review asked at once waits for it). */
      refusalWritten: (refusalId: string) => Promise<void>;
    },
  ) {}

  async create(actor: Actor, body: z.output<typeof CreateReportBody>): Promise<{ id: string; message: string }> {
    const target = await this.deps.subjects.get(body.subjectType).forReport(actor, body.subjectId);
    if (target.ownerId === actor.userId && (body.subjectType === 'character' || body.subjectType === 'image')) {
      throw AppError.badRequest(`This ${body.subjectType} is yours: edit or delete it instead of reporting it.`);
    }
    // Reports describe what is wrong, so they pass the lenient ticket rules (explicit detail with a stated minor age only).
    this.deps.moderation.assertAllowed({ note: body.note }, { surface: 'ticket', userId: actor.userId });
    return this.deps.uow.run(async ({ moderation }) => {
      const report = await moderation.insertReport({
        reporterId: actor.userId,
        subjectType: body.subjectType,
        subjectId: body.subjectId,
        subjectOwnerId: target.ownerId,
        reason: body.reason,
        note: body.note || null,
        snapshot: target.snapshot,
      });
      if (!report) throw AppError.conflict('You already reported this, and moderators have not decided yet. We will let you know.');
      await this.deps.queue.addReport(report, target);
      return { id: report.id, message: REPORT_THANKS };
    });
  }

  /**
   * "Ask for review" of a blocked text: an item in the moderation queue with the problems (rule, field, span) and a
   * note. It must cite a refusal of the caller's own text (`refusalId`), once; the rules and fields come from that
   * refusal, and the words sent must be the ones it matched (checked against their hashes).
   */
  async askForReview(actor: Actor, body: z.output<typeof ReviewRequestBody>): Promise<{ id: string; message: string }> {
    await this.deps.refusalWritten(body.refusalId);
    // The note describes what was refused, so it passes the lenient ticket rules.
    this.deps.moderation.assertAllowed({ note: body.note }, { surface: 'ticket', userId: actor.userId });
    const refusal = await this.deps.uow.repos.moderation.ownRefusal(body.refusalId, actor.userId);
    if (!refusal) throw unprocessable(NOT_YOUR_REFUSAL);
    if (refusal.reviewRequestedAt) throw asked();
    if (refusal.surface !== body.surface || (body.characterId && refusal.characterId && body.characterId !== refusal.characterId)) {
      throw unprocessable(NOT_YOUR_REFUSAL);
    }
    const problems = refusal.problems.map(({ field, rule, spanHash: hash }) => ({
      field,
      rule,
      hash,
      span: undefined as string | undefined,
    }));
    for (const sent of body.problems) {
      const kept = problems.find((p) => p.field === sent.field && p.rule === sent.rule && p.hash === spanHash(sent.span));
      if (!kept) throw unprocessable(NOT_THESE_PROBLEMS);
      kept.span = sent.span;
    }
    const subject = await this.reviewSubject(actor, refusal.characterId, body.characterId);
    // Marked and filed together: of two requests at once, one files and the other is told it was asked already.
    const item = await this.deps.uow.run(async ({ moderation }) => {
      if (!(await moderation.markRefusalReviewed(refusal.id))) throw asked();
      return this.deps.queue.addReviewRequest({
        userId: actor.userId,
        surface: refusal.surface,
        problems: problems.map(({ field, rule, span }) => (span === undefined ? { field, rule } : { field, rule, span })),
        note: body.note || null,
        subject,
      });
    });
    return { id: item.id, message: REVIEW_THANKS };
  }

  /**
   * The character a review request is about: the one the refusal's check named (a chat's character), or, for a card
   * refused while it was edited, the caller's own character they name. Anyone else's is refused.
   */
  private async reviewSubject(actor: Actor, kept: string | null, named: string | undefined) {
    const id = kept ?? named;
    if (!id) return null;
    // A character the caller can no longer see (deleted, made private) is left out; the item is about the caller.
    const target = await this.deps.subjects
      .get('character')
      .forReport(actor, id)
      .catch(() => null);
    if (!kept && target?.ownerId !== actor.userId) throw unprocessable(NOT_YOUR_REFUSAL);
    return target ? { type: 'character' as const, id, label: target.label, url: target.url } : null;
  }
}

export const NOT_YOUR_REFUSAL =
  'A review can only be asked for a refusal of your own text: use "Ask for review" under the message that was refused.';
export const NOT_THESE_PROBLEMS = 'The problems sent are not the ones that refusal listed: ask for review from the refusal itself.';

const asked = () => AppError.conflict('A review of this refusal was already asked for. A moderator will look at it.');

function unprocessable(message: string): AppError {
  return new AppError(422, 'UNPROCESSABLE', message, { details: { rule: 'review_request' } });
}
