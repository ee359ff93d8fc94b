// Users report a character, an image, a message or a user; each report becomes an item in the moderation queue.
import type { CreateReportBody, ReviewRequestBody } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import type { ModerationService } from './moderation.service.ts';
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

  /** "Ask for review" of a blocked text: an item in the moderation queue with the problems (rule, field, span) and a note. */
  async askForReview(actor: Actor, body: z.output<typeof ReviewRequestBody>): Promise<{ id: string; message: string }> {
    let subject: { type: 'character'; id: string; label: string; url: string | null } | null = null;
    if (body.characterId) {
      // A character the caller cannot see answers 404, like a missing one.
      const target = await this.deps.subjects.get('character').forReport(actor, body.characterId);
      subject = { type: 'character', id: body.characterId, label: target.label, url: target.url };
    }
    // The note describes what was refused, so it passes the lenient ticket rules.
    this.deps.moderation.assertAllowed({ note: body.note }, { surface: 'ticket', userId: actor.userId });
    const item = await this.deps.queue.addReviewRequest({
      userId: actor.userId,
      surface: body.surface,
      problems: body.problems,
      note: body.note || null,
      subject,
    });
    return { id: item.id, message: REVIEW_THANKS };
  }
}
