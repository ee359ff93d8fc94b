// Character Cards in and out: an import becomes a private character (portrait from the PNG, lorebook and unknown
// extensions kept, a report of what was mapped and dropped); an export writes V3 JSON, or the portrait as a PNG with
// `ccv3` and `chara` chunks.
import { CHARACTER_LIMITS, type CardFormat, type CardImportReport } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  CardError,
  cardModerationFields,
  exportCardJson,
  exportCardPng,
  parseCard,
  type ParsedCard,
} from '../../lib/character-card/index.ts';
import { blankPortraitPng, reencodePortraitWebp, toPng } from '../../lib/images.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { TagsRepo } from '../tags/tags.repo.ts';
import { assertVisible, characterPolicy } from './character-access.ts';
import { cardFromRow, columnsFromCard, tagNameOf, tagsFromCard } from './character-card.mapper.ts';
import type { CharacterEditor } from './character-editor.ts';
import type { CharactersRepo } from './characters.repo.ts';

type Repos = { characters: CharactersRepo; tags: TagsRepo };

export interface ExportedCard {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

/** A CardError as the one wire format: its status, a readable message, and the card's own error code and fields. */
function toAppError(err: CardError): AppError {
  const code = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 422 ? 'UNPROCESSABLE' : 'BAD_REQUEST';
  return new AppError(err.status, code, err.message, {
    details: { rule: `card-${err.code.toLowerCase().replaceAll('_', '-')}`, ...(err.issues[0] ? { field: err.issues[0].field } : {}) },
  });
}

/** An ASCII file name from a character name ("Ilse Moreau" → "ilse-moreau"). */
export function cardFilename(name: string, ext: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${base || 'character'}.${ext}`;
}

export class CharacterCards {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly editor: CharacterEditor,
    private readonly moderation: ModerationService,
    private readonly storage: MediaStorage,
  ) {}

  /** Reads a card, checks every text of it, then creates the character and its portrait in one go (or nothing). */
  async import(actor: Actor, bytes: Buffer, filename: string): Promise<{ id: string; report: CardImportReport }> {
    let parsed: ParsedCard;
    try {
      parsed = parseCard(bytes, filename);
    } catch (err) {
      throw err instanceof CardError ? toAppError(err) : err;
    }
    const { card, report } = parsed;
    const known = await this.uow.repos.tags.existingNames([...new Set(card.tags.map(tagNameOf))]);
    const { tags, rated } = tagsFromCard(card.tags, known, CHARACTER_LIMITS.maxTags);
    const nsfw = tags.includes('nsfw');
    const { fields, labels } = cardModerationFields(card);
    this.moderation.assertAllowed(fields, { surface: 'character', nsfwContext: nsfw, userId: actor.userId, fieldLabels: labels });
    if (!rated) report.warnings.push('The card has no content rating, so it was rated NSFW. Choose its rating before you publish it.');
    const unmatched = card.tags.filter((t) => !known.has(tagNameOf(t)));
    if (unmatched.length) report.warnings.push(`Tags that are not Reverie tags were kept in the card for export: ${unmatched.join(', ')}.`);

    // The portrait is made before anything is written: a PNG whose pixels cannot be read refuses the whole import.
    const images = parsed.image ? await reencodePortraitWebp(parsed.image) : undefined;
    // Files are stored inside the transaction; if anything fails up to its commit they are removed again.
    let stored: { avatarUrl: string; thumbnailUrl: string } | undefined;
    let id: string;
    try {
      id = await this.uow.run(async (r) => {
        const row = await r.characters.insert({
          ...columnsFromCard(card),
          creatorId: actor.userId,
          tagNames: tags,
          nsfw,
          visibility: 'private',
        });
        if (!row) throw new Error('character insert returned nothing');
        await r.characters.setTags(row.id, tags);
        if (images) {
          stored = await this.editor.storeImages(row.id, images);
          await r.characters.update(row.id, stored);
        }
        return row.id;
      });
    } catch (err) {
      if (stored) await this.editor.removeFiles(stored);
      throw err;
    }
    return { id, report };
  }

  /** The owner (and admins) always; anyone else only a public character whose creator allows downloads. */
  async export(actor: Actor | null, id: string, format: CardFormat): Promise<ExportedCard> {
    const row = assertVisible(actor, await this.uow.repos.characters.findById(id));
    const mine = characterPolicy.can(actor, row, 'write');
    if (!mine && !(row.visibility === 'public' && row.allowDownload)) {
      throw AppError.forbidden("This character's creator does not allow downloads of it.");
    }
    const known = await this.uow.repos.tags.existingNames([...new Set((row.cardExtras.tags ?? []).map(tagNameOf))]);
    const card = cardFromRow(row, known);
    if (format === 'json') {
      return {
        bytes: Buffer.from(`${JSON.stringify(exportCardJson(card), null, 2)}\n`, 'utf8'),
        contentType: 'application/json; charset=utf-8',
        filename: cardFilename(row.name, 'json'),
      };
    }
    const key = row.avatarUrl ? this.storage.keyFromUrl(row.avatarUrl) : undefined;
    const portrait = key ? await this.storage.get(key) : null;
    const png = portrait ? await toPng(portrait.bytes) : await blankPortraitPng();
    return { bytes: exportCardPng(card, png), contentType: 'image/png', filename: cardFilename(row.name, 'png') };
  }
}
