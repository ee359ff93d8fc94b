// Content-removal requests: anyone, signed in or not, names the content (its address), the reason and a contact
// address; copyright requests also carry a name (the signature) and the sworn statement. The request becomes a queue
// item and is acknowledged by mail with a reference number; when moderators settle it, the requester is told.
import { randomInt } from 'node:crypto';
import { REMOVAL_REASON_LABELS, type ContentRemovalBody } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { removalAcknowledgementEmail, removalOutcomeEmail } from '../../providers/mail/templates.ts';
import type { AuditLog, StaffActor } from '../moderation/audit.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { ModerationQueue } from '../moderation/queue.service.ts';
import type { SubjectRegistry } from '../moderation/subjects.ts';
import type { SupportRepo } from './support.repo.ts';

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CHARACTER_PATH = new RegExp(`^/(?:characters|chat|character-gallery)/(${UUID})(?:/|$)`, 'i');
const IMAGE_PATH = new RegExp(`^/api/images/(${UUID})/(?:full|thumb)\\.webp$`, 'i');

export function newReference(): string {
  let s = 'CR-';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/** The character an address on this site names (`/characters/{id}`, its chat or gallery), if it names one. */
export function characterIdIn(url: URL): string | null {
  return CHARACTER_PATH.exec(url.pathname)?.[1]?.toLowerCase() ?? null;
}

/** The content an address on this site names: a character (its page, chat or gallery) or a picture (its file). */
export function subjectIn(url: URL): { type: 'character' | 'image'; id: string } | null {
  const character = characterIdIn(url);
  if (character) return { type: 'character', id: character };
  const image = IMAGE_PATH.exec(url.pathname)?.[1]?.toLowerCase();
  return image ? { type: 'image', id: image } : null;
}

type Outcome = 'removed' | 'rejected' | 'no_action';

export class RemovalService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ support: SupportRepo }>;
      /** Characters and pictures a request may name (their resolvers' `lookup`). */
      subjects: SubjectRegistry;
      moderation: ModerationService;
      queue: ModerationQueue;
      audit: AuditLog;
      mailer: Mailer;
      publicUrl: string;
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  /** The stored request, and whether its acknowledgement mail went out before the answer (else it is retried). */
  async request(actor: Actor | null, body: z.output<typeof ContentRemovalBody>) {
    let url: URL;
    try {
      url = new URL(body.subjectUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    } catch {
      throw AppError.badRequest('Paste the full address of the content, starting with https://');
    }
    if (body.reason === 'copyright') {
      if (!body.name) throw AppError.badRequest('Copyright requests need your full name: it is your electronic signature.');
      if (body.swornStatement !== true)
        throw AppError.badRequest('Copyright requests need the sworn statement: tick the box to confirm it.');
    }
    this.deps.moderation.assertAllowed({ details: body.details }, { surface: 'ticket', userId: actor?.userId });

    const named = subjectIn(url);
    const found = named ? await this.lookup(named.type, named.id) : undefined;
    const subject = named && found ? { ...found, ...named } : null;

    const row = await this.deps.uow.run(async ({ support }) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await support.insertRemovalRequest({
          reference: newReference(),
          requesterId: actor?.userId ?? null,
          subjectUrl: url.toString(),
          subjectType: subject?.type ?? null,
          subjectId: subject?.id ?? null,
          reason: body.reason,
          contactEmail: body.contactEmail,
          name: body.name || null,
          details: body.details,
          swornStatement: body.swornStatement === true,
        });
        if (inserted) {
          await this.deps.queue.addRemovalRequest(inserted, subject);
          return inserted;
        }
      }
      throw new Error('could not draw a free reference number');
    });

    // The first attempt is made before answering, so the answer can say whether it went out (else it is retried).
    const sent = await this.deps.mailer.sendAndWait(
      removalAcknowledgementEmail(row.contactEmail, {
        reference: row.reference,
        reasonLabel: REMOVAL_REASON_LABELS[row.reason],
        statusLink: `${this.deps.publicUrl}/legal/content-policy#reporting`,
      }),
    );
    if (sent === 'queued') this.deps.log.warn({ reference: row.reference }, 'removal acknowledgement not sent yet; it will be retried');
    return { row, acknowledged: sent === 'sent' };
  }

  /** A character or picture by id, through its resolver (undefined when missing or the type has none). */
  private async lookup(type: 'character' | 'image', id: string) {
    const { subjects } = this.deps;
    return subjects.has(type) ? subjects.get(type).lookup?.(id) : undefined;
  }

  /** Settles a request (audited) and tells the requester by mail. "removed" needs the content it names to be gone first. */
  async resolve(staff: StaffActor, id: string, outcome: Outcome, reason: string): Promise<{ message: string; auditId: string }> {
    const { row, audit } = await this.deps.uow.run(async ({ support }) => {
      const request = await support.removalRequest(id);
      if (!request) throw AppError.notFound('Removal request');
      if (request.outcome) throw AppError.conflict(`Request ${request.reference} was already settled (${request.outcome}).`);
      const type = request.subjectType === 'character' || request.subjectType === 'image' ? request.subjectType : null;
      if (outcome === 'removed' && type && request.subjectId) {
        const target = await this.lookup(type, request.subjectId);
        if (target && !target.gone) {
          throw AppError.conflict(`Hide or remove ${target.label} first: the requester will be told it was removed.`);
        }
      }
      const row = (await support.resolveRemovalRequest(id, outcome))!;
      await this.deps.queue.removalSettled(id, staff.userId);
      const audit = await this.deps.audit.record(staff, {
        action: 'removal.resolve',
        targetType: 'removal_request',
        targetId: id,
        targetLabel: request.reference,
        reason,
        details: { outcome, subjectUrl: request.subjectUrl },
      });
      return { row, audit };
    });
    const sent = await this.deps.mailer.sendAndWait(
      removalOutcomeEmail(row.contactEmail, {
        reference: row.reference,
        outcome,
        note: reason,
        policyLink: `${this.deps.publicUrl}/legal/content-policy`,
      }),
    );
    return {
      message:
        sent === 'sent'
          ? `Request ${row.reference} settled; the requester was told by e-mail.`
          : `Request ${row.reference} settled. The e-mail to the requester (${row.contactEmail}) could not be sent yet and will be retried.`,
      auditId: audit.id,
    };
  }
}
