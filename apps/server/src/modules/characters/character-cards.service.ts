// Character Cards in and out: an import becomes a private character (portrait from the PNG, lorebook and unknown
// extensions kept, a report of what was mapped and dropped); an export writes V3 JSON, or the portrait as a PNG with
// `ccv3` and `chara` chunks, or a CharX archive with its assets.
import { cardFilename, CHARACTER_LIMITS, CONTENT_RATING_TAGS, type CardFormat, type CardImportReport } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  CardError,
  cardModerationFields,
  embeddedPath,
  exportCardJson,
  exportCardPng,
  exportCardV3,
  looksLikeCharx,
  parseCard,
  parseCharx,
  safeAssetPath,
  sanitiseAssetUris,
  writeCharx,
  type CardAsset,
  type CardCharacter,
  type CharxAsset,
  type CharxFile,
  type ParsedCard,
} from '../../lib/character-card/index.ts';
import { blankPortraitPng, reencodeAsset, reencodePortraitWebp, toPng } from '../../lib/images.ts';
import { mediaKey, type MediaStorage } from '../../providers/storage/index.ts';
import { assetFolders } from './portrait-files.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { TagsRepo } from '../tags/tags.repo.ts';
import { assertVisible, characterPolicy } from './character-access.ts';
import type { CharacterAssetsRepo } from './character-assets.repo.ts';
import { cardFromRow, columnsFromCard, ratingFromTags, tagNameOf, tagsFromCard, type CardRating } from './character-card.mapper.ts';
import type { CharacterEditor } from './character-editor.ts';
import type { CharacterRow, CharactersRepo } from './characters.repo.ts';

type Repos = { characters: CharactersRepo; tags: TagsRepo; characterAssets: CharacterAssetsRepo };

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

export interface ImportOptions {
  /** The rating the importer chose; without it the card's tags decide, and a card whose tags say nothing is refused. */
  rating?: CardRating;
}

/** A card read from any of the three file kinds, with the files that travel with it. */
interface ReadCard {
  card: ParsedCard['card'];
  report: ParsedCard['report'];
  image?: Buffer;
  /** A .charx: every file, the portrait's icon too (stored as it is, so it goes back out unchanged). */
  assets: CharxAsset[];
  charx: boolean;
}

function readCard(bytes: Buffer, filename: string): ReadCard {
  try {
    if (
      looksLikeCharx(bytes) &&
      (filename.toLowerCase().endsWith('.charx') || !bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])))
    ) {
      const x = parseCharx(bytes);
      return { card: x.card, report: x.report, ...(x.icon ? { image: x.icon } : {}), assets: x.assets, charx: true };
    }
    return { ...parseCard(bytes, filename), assets: [], charx: false };
  } catch (err) {
    throw err instanceof CardError ? toAppError(err) : err;
  }
}

const ratingRequired = () =>
  new AppError(
    422,
    'UNPROCESSABLE',
    'This card does not say how explicit it is. Choose its rating (SFW, suggestive or NSFW) and import it again.',
    { details: { rule: 'card-rating-required', field: 'rating' } },
  );

/** Each asset re-encoded at its own size and format; only pictures are kept, the report lists the rest with the reason. */
async function reencodeAssets(assets: CharxAsset[], report: CardImportReport) {
  const kept: Array<{ index: number; type: string; name: string; encoded: Awaited<ReturnType<typeof reencodeAsset>> }> = [];
  for (const a of assets) {
    try {
      kept.push({ index: a.index, type: a.asset.type, name: a.asset.name, encoded: await reencodeAsset(a.bytes) });
    } catch {
      report.dropped.push(`asset ${a.asset.type} "${a.asset.name}" (not a picture)`);
    }
  }
  return kept;
}

export class CharacterCards {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly editor: CharacterEditor,
    private readonly moderation: ModerationService,
    private readonly storage: MediaStorage,
  ) {}

  /** Reads a card, checks every text of it, then creates the character, its portrait and assets in one go (or nothing). */
  async import(
    actor: Actor,
    bytes: Buffer,
    filename: string,
    options: ImportOptions = {},
  ): Promise<{ id: string; report: CardImportReport }> {
    const { card, report, image, assets, charx } = readCard(bytes, filename);
    sanitiseAssetUris(card, report);
    const known = await this.uow.repos.tags.existingNames([...new Set([...card.tags.map(tagNameOf), ...CONTENT_RATING_TAGS])]);
    const { tags, rating } = tagsFromCard(card.tags, known, CHARACTER_LIMITS.maxTags, options.rating);
    if (!rating) throw ratingRequired();
    const nsfw = rating === 'nsfw';
    // The card is checked in the context it declares (or the importer chose), not assumed explicit.
    const { fields, labels } = cardModerationFields(card);
    await this.moderation.assertAllowedJudged(fields, {
      surface: 'character',
      nsfwContext: nsfw,
      userId: actor.userId,
      fieldLabels: labels,
    });
    if (!options.rating && !ratingFromTags(card.tags)) report.warnings.push('The card has no content rating.');
    const unmatched = card.tags.filter((t) => !known.has(tagNameOf(t)));
    if (unmatched.length) report.warnings.push(`Tags that are not Reverie tags were kept in the card for export: ${unmatched.join(', ')}.`);

    // Pictures are re-encoded before anything is written: one whose pixels cannot be read refuses the whole import.
    const images = image ? await reencodePortraitWebp(image) : undefined;
    const kept = await reencodeAssets(assets, report);
    // A PNG card's picture stands for its first embedded icon (the PNG carries no other file); a .charx's icons are
    // all stored as they are.
    const portraitIndex =
      image && !charx ? (card.assets ?? []).findIndex((a) => a.type === 'icon' && embeddedPath(a.uri) !== undefined) : -1;

    // Files are stored inside the transaction; if anything fails up to its commit they are removed again.
    let stored: { avatarUrl: string; thumbnailUrl: string } | undefined;
    const assetUrls: string[] = [];
    let id: string;
    try {
      id = await this.uow.run(async (r) => {
        const columns = columnsFromCard(card);
        columns.cardExtras.importedTagNames = tags;
        if (portraitIndex >= 0) columns.cardExtras.portraitAsset = portraitIndex;
        const row = await r.characters.insert({ ...columns, creatorId: actor.userId, tagNames: tags, nsfw, visibility: 'private' });
        if (!row) throw new Error('character insert returned nothing');
        await r.characters.setTags(row.id, tags);
        if (images) {
          stored = await this.editor.storeImages(row, images);
          await r.characters.update(row.id, stored);
        }
        const rows = [];
        for (const a of kept) {
          const url = await this.storage.put(mediaKey(assetFolders(row.id), a.encoded.ext), a.encoded.bytes, a.encoded.contentType);
          assetUrls.push(url);
          rows.push({
            characterId: row.id,
            position: a.index,
            type: a.type.slice(0, 100),
            name: a.name.slice(0, 200),
            ext: a.encoded.ext,
            url,
            contentType: a.encoded.contentType,
            bytes: a.encoded.bytes.length,
          });
        }
        await r.characterAssets.insertMany(rows);
        return row.id;
      });
    } catch (err) {
      if (stored) await this.editor.removeFiles(stored);
      await Promise.allSettled(assetUrls.map((u) => this.storage.removeByUrl(u)));
      throw err;
    }
    if (kept.length)
      report.warnings.push(`${kept.length} asset${kept.length === 1 ? '' : 's'} (icons, backgrounds, emotions) kept for export.`);
    return { id, report };
  }

  /** The owner (and admins) always; anyone else only a public character whose creator allows downloads. */
  async export(actor: Actor | null, id: string, format: CardFormat): Promise<ExportedCard> {
    const row = assertVisible(actor, await this.uow.repos.characters.findById(id));
    const mine = characterPolicy.can(actor, row, 'write');
    if (!mine && !(row.visibility === 'public' && row.allowDownload)) {
      throw AppError.forbidden("This character's creator does not allow downloads of it.");
    }
    return this.exportRow(row, format);
  }

  /** A card file for a row the caller may read (also used by the export of a whole account). */
  async exportRow(row: CharacterRow & { creatorUsername: string }, format: CardFormat): Promise<ExportedCard> {
    const known = await this.uow.repos.tags.existingNames([...new Set((row.cardExtras.tags ?? []).map(tagNameOf))]);
    const card = cardFromRow(row, known);
    if (format === 'json') {
      return {
        bytes: Buffer.from(`${JSON.stringify(exportCardJson(card), null, 2)}\n`, 'utf8'),
        contentType: 'application/json; charset=utf-8',
        filename: cardFilename(row.name, 'json'),
      };
    }
    const portrait = await this.read(row.avatarUrl);
    if (format === 'charx')
      return { bytes: await this.charx(row, card, portrait), contentType: 'application/zip', filename: cardFilename(row.name, 'charx') };
    const png = portrait ? await toPng(portrait) : await blankPortraitPng();
    return { bytes: exportCardPng(card, png), contentType: 'image/png', filename: cardFilename(row.name, 'png') };
  }

  /**
   * `card.json` (V3) and `assets/`: the portrait as the main icon (PNG), then every stored asset at the path its URI
   * named (its extension follows the stored format). Assets without a file (`ccdefault:`, links) stay as they are.
   */
  private async charx(row: CharacterRow, card: CardCharacter, portrait: Buffer | undefined): Promise<Buffer> {
    const stored = new Map((await this.uow.repos.characterAssets.list(row.id)).map((a) => [a.position, a]));
    const files: CharxFile[] = [];
    const used = new Set<string>();
    const place = (uri: string, type: string, name: string, ext: string) => {
      const from = embeddedPath(uri);
      // Names and paths come from imported cards: made safe here too, for rows stored before imports were checked.
      let path = safeAssetPath(from ? from.replace(/\.[A-Za-z0-9]+$/, `.${ext}`) : `assets/${type}/images/${name || 'asset'}.${ext}`);
      for (let n = 2; used.has(path); n++) path = path.replace(/(\.[A-Za-z0-9]+)$/, `-${n}$1`);
      used.add(path);
      return path;
    };
    const assets: CardAsset[] = [];
    const portraitIndex = row.cardExtras.portraitAsset ?? -1;
    const main = portrait ? await toPng(portrait) : undefined;
    for (const [i, a] of (card.assets ?? []).entries()) {
      const file = stored.get(i);
      const bytes = file ? await this.read(file.url) : i === portraitIndex ? main : undefined;
      if (!bytes) {
        // A link or ccdefault: travels as it is; an embedded file that was not kept (not a picture) is left out.
        if (!embeddedPath(a.uri)) assets.push(a);
        continue;
      }
      const ext = file ? file.ext : 'png';
      const path = place(a.uri, a.type, a.name, ext);
      files.push({ path, bytes });
      assets.push({ ...a, uri: `embeded://${path}`, ext });
    }
    // A portrait with no asset entry (a PNG import, a character made here) becomes the main icon; a .charx import
    // brought its icons as files, written above.
    if (main && portraitIndex < 0 && !assets.some((a) => a.type === 'icon' && embeddedPath(a.uri))) {
      const path = place('', 'icon', 'main', 'png');
      files.push({ path, bytes: main });
      assets.unshift({ type: 'icon', uri: `embeded://${path}`, name: 'main', ext: 'png' });
    }
    const v3 = exportCardV3({ ...card, ...(assets.length ? { assets } : {}) });
    if (assets.length && !(v3.data as Record<string, unknown>).assets) (v3.data as Record<string, unknown>).assets = assets;
    return writeCharx(v3, files);
  }

  private async read(url: string | null): Promise<Buffer | undefined> {
    const key = url ? this.storage.keyFromUrl(url) : undefined;
    return key ? (await this.storage.get(key))?.bytes : undefined;
  }
}
