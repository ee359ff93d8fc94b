// Writing characters: create, edit, delete, portraits and copies. Every text passes the blocked-content policy
// before anything is stored, tags are known tag names with exactly one content rating, and every change tells the
// caches of every process (feed totals, search word expansions) through `changed()`. A character moderators hold
// stays private (moderation-hold.ts); the first time a character is public, its creator's followers hear of it.
import { CHARACTER_LIMITS, CONTENT_RATING_TAGS, type CharacterInputParsed, type CharacterUpdateParsed } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { reencodePortraitWebp } from '../../lib/images.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { TagsService } from '../tags/tags.service.ts';
import { assertWritable } from './character-access.ts';
import type { CharacterRow, CharactersRepo, NewCharacter } from './characters.repo.ts';
import { assertVisibilityChangeAllowed, HELD_COPY_MESSAGE } from './moderation-hold.ts';
import type { PortraitFiles } from './portrait-files.ts';

type Repos = { characters: CharactersRepo };

/** The stored fields the policy reads, as a row or an insert has them. */
type CheckedFields = Pick<
  NewCharacter,
  | 'name'
  | 'tagline'
  | 'description'
  | 'personality'
  | 'scenario'
  | 'greeting'
  | 'alternateGreetings'
  | 'exampleDialogue'
  | 'systemPrompt'
  | 'postHistoryInstructions'
  | 'creatorNotes'
  | 'characterBook'
  | 'cardExtras'
> & { tagNames: string[] };

const LABELS: Record<string, string> = {
  greeting: 'greeting',
  exampleDialogue: 'example dialogue',
  systemPrompt: 'system prompt',
  postHistoryInstructions: 'post-history instructions',
  creatorNotes: "creator's notes",
};

/** Every text of a character, keyed as the API names its fields (so the form can point at the one that broke a rule). */
export function moderationFields(c: CheckedFields): { fields: Record<string, string>; labels: Record<string, string> } {
  const fields: Record<string, string> = {};
  const labels: Record<string, string> = { ...LABELS };
  const add = (key: string, value: string | undefined, label?: string) => {
    if (!value) return;
    fields[key] = value;
    if (label) labels[key] = label;
  };
  for (const key of ['name', 'tagline', 'description', 'personality', 'scenario', 'greeting'] as const) add(key, c[key]);
  c.alternateGreetings?.forEach((g, i) => add(`alternateGreetings[${i}]`, g, `alternate greeting ${i + 1}`));
  for (const key of ['exampleDialogue', 'systemPrompt', 'postHistoryInstructions', 'creatorNotes'] as const) add(key, c[key]);
  add('tags', c.tagNames.join(', '));
  const x = c.cardExtras ?? {};
  add('nickname', x.nickname);
  x.groupOnlyGreetings?.forEach((g, i) => add(`groupOnlyGreetings[${i}]`, g, `group greeting ${i + 1}`));
  for (const [lang, notes] of Object.entries(x.creatorNotesMultilingual ?? {}))
    add(`creatorNotes.${lang}`, notes, `creator's notes (${lang})`);
  add('cardTags', x.tags?.join(', '), "card's tags");
  const book = c.characterBook;
  if (book) {
    add('characterBook.name', typeof book.name === 'string' ? book.name : undefined, 'lorebook name');
    add('characterBook.description', typeof book.description === 'string' ? book.description : undefined, 'lorebook description');
    book.entries.forEach((e, i) => {
      const secondary = Array.isArray(e.secondaryKeys) ? (e.secondaryKeys as string[]) : [];
      add(`characterBook.entries[${i}].keys`, [...e.keys, ...secondary].join(', '), `lorebook entry ${i + 1} keys`);
      add(`characterBook.entries[${i}].content`, e.content, `lorebook entry ${i + 1}`);
    });
  }
  return { fields, labels };
}

export class CharacterEditor {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly tags: TagsService,
    private readonly moderation: ModerationService,
    private readonly storage: MediaStorage,
    private readonly changed: () => Promise<void>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    /** Where the portrait files live by visibility (private ones only by signed link). */
    private readonly portraits: PortraitFiles,
    /** Called once per character, after the commit that first made it public (followers are told). */
    private readonly published: (creatorId: string, characterId: string) => void = () => {},
  ) {}

  /**
   * Known tags, exactly one content rating, and the NSFW flag that rating means. A flag sent by the client must
   * agree with it: the flag is never taken on trust.
   */
  async rating(names: string[], nsfw: boolean | undefined): Promise<{ tags: string[]; nsfw: boolean }> {
    const tags = await this.tags.requireKnown(names);
    if (tags.length > CHARACTER_LIMITS.maxTags) throw AppError.badRequest(`Pick at most ${CHARACTER_LIMITS.maxTags} tags`);
    const ratings = tags.filter((t) => CONTENT_RATING_TAGS.includes(t));
    if (ratings.length !== 1) {
      throw AppError.badRequest(
        `Pick exactly one content rating tag (${CONTENT_RATING_TAGS.join(', ')}); this character has ${ratings.length}.`,
      );
    }
    const explicit = ratings[0] === 'nsfw';
    if (nsfw !== undefined && nsfw !== explicit) {
      throw AppError.badRequest(
        explicit
          ? 'The content rating tag is nsfw, so nsfw must be true.'
          : `The content rating tag is ${ratings[0]}, so nsfw must be false.`,
      );
    }
    return { tags, nsfw: explicit };
  }

  /** 422 CONTENT_BLOCKED naming rule and field when any text breaks the policy; NSFW characters are checked as explicit. */
  async check(values: CheckedFields, nsfw: boolean, actor: Actor): Promise<void> {
    const { fields, labels } = moderationFields(values);
    // Every problem at once; the ambiguous band goes to the LLM judge when one is configured.
    await this.moderation.assertAllowedJudged(fields, {
      surface: 'character',
      nsfwContext: nsfw,
      userId: actor.userId,
      fieldLabels: labels,
    });
  }

  async create(actor: Actor, input: CharacterInputParsed): Promise<string> {
    const { tags, nsfw } = await this.rating(input.tags, input.nsfw);
    const { tags: _sent, nsfw: _flag, ...fields } = input;
    await this.check({ ...fields, tagNames: tags }, nsfw, actor);
    const row = await this.uow.run(async (r) => {
      const inserted = await r.characters.insert({ ...fields, creatorId: actor.userId, tagNames: tags, nsfw });
      if (!inserted) throw new Error('character insert returned nothing');
      await r.characters.setTags(inserted.id, tags);
      return inserted;
    });
    await this.changed();
    if (row.visibility === 'public') this.published(row.creatorId, row.id);
    return row.id;
  }

  /** Every change of a character passes here, visibility included (one place for any rule about who may publish). */
  async update(actor: Actor, id: string, patch: CharacterUpdateParsed): Promise<void> {
    const row = assertWritable(actor, await this.uow.repos.characters.findById(id));
    // A held character may still be edited (its creator can fix what was wrong); it only cannot leave private.
    assertVisibilityChangeAllowed(row, patch.visibility);
    const { tags: sentTags, nsfw: sentFlag, ...fields } = patch;
    const { tags, nsfw } = await this.rating(sentTags ?? row.tagNames, sentFlag);
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<NewCharacter>;
    // An edited card is a new version of it: its export carries the edit time, not the imported one.
    const cardExtras = { ...row.cardExtras, modificationDate: undefined };
    await this.check({ ...row, ...changes, tagNames: tags }, nsfw, actor);
    const firstPublished = await this.uow.run(async (r) => {
      // Again with the row locked: moderators may have hidden it since it was read.
      const held = (await r.characters.lockHold(id)) ?? row;
      assertVisibilityChangeAllowed(held, patch.visibility);
      // Made private while held: private is also what a restore brings back (the creator's latest choice).
      if (held.moderationHold && patch.visibility === 'private') changes.moderationRestoreVisibility = 'private';
      await r.characters.update(id, { ...changes, nsfw, cardExtras });
      if (tags.join('\n') !== row.tagNames.join('\n')) await r.characters.setTags(id, tags);
      return patch.visibility === 'public' && (await r.characters.markPublished(id));
    });
    if (patch.visibility !== undefined) await this.placePortrait(id);
    await this.changed();
    if (firstPublished) this.published(row.creatorId, id);
  }

  /** Soft delete (conversations stay readable), then its files; gone from every list, search and count at once. */
  async remove(actor: Actor, id: string): Promise<void> {
    assertWritable(actor, await this.uow.repos.characters.findById(id));
    const before = await this.uow.run((r) => r.characters.softDelete(id));
    if (!before) throw AppError.notFound('Character');
    await this.changed();
    await this.removeFiles(before);
  }

  /** Re-encodes an upload into the portrait and thumbnail, stores both and removes the files they replace. */
  async setAvatar(actor: Actor, id: string, input: Buffer): Promise<void> {
    const row = assertWritable(actor, await this.uow.repos.characters.findById(id));
    const images = await reencodePortraitWebp(input);
    const urls = await this.storeImages(row, images);
    const updated = await this.uow.repos.characters.update(id, urls).catch(async (err: unknown) => {
      await this.removeFiles(urls);
      throw err;
    });
    if (!updated) throw AppError.notFound('Character');
    await this.removeFiles(row);
    await this.changed();
  }

  async removeAvatar(actor: Actor, id: string): Promise<void> {
    const row = assertWritable(actor, await this.uow.repos.characters.findById(id));
    await this.uow.repos.characters.update(id, { avatarUrl: null, thumbnailUrl: null });
    await this.removeFiles(row);
    await this.changed();
  }

  /** A private copy owned by the caller: every field, lorebook and extension, and copies of the portrait files. */
  async duplicate(actor: Actor, id: string): Promise<string> {
    const row = assertWritable(actor, await this.uow.repos.characters.findById(id));
    // A copy would carry no hold and could be published: a held character is copied only once it is restored.
    if (row.moderationHold) throw new AppError(409, 'MODERATION_HOLD', HELD_COPY_MESSAGE);
    const suffix = ' (copy)';
    const copy = await this.uow.run(async (r) => {
      const inserted = await r.characters.insert({
        ...copyable(row),
        creatorId: actor.userId,
        name: `${row.name.slice(0, CHARACTER_LIMITS.name - suffix.length)}${suffix}`,
        visibility: 'private',
      });
      if (!inserted) throw new Error('character insert returned nothing');
      await r.characters.setTags(inserted.id, row.tagNames);
      return inserted;
    });
    const [portrait, thumbnail] = await Promise.all([this.read(row.avatarUrl), this.read(row.thumbnailUrl)]);
    if (portrait && thumbnail) await this.uow.repos.characters.update(copy.id, await this.storeImages(copy, { portrait, thumbnail }));
    await this.changed();
    return copy.id;
  }

  /**
   * Moves the portrait files where the character's visibility says (a private character's are served only by signed
   * link), so its old URLs stop answering. A failure is logged: the change it follows is saved.
   */
  async placePortrait(id: string): Promise<void> {
    try {
      const row = await this.uow.repos.characters.findById(id);
      const moved = row && (await this.portraits.relocate(row));
      if (!row || !moved) return;
      const saved = await this.uow.repos.characters.update(id, moved);
      // Saved: the old files go; not saved (the character went meanwhile): the copies go.
      await (saved ? this.portraits.removeReplaced(row, moved) : this.portraits.removeReplaced(moved, row));
    } catch (err) {
      this.log.warn({ err: err as Error }, 'a character portrait could not be moved for its visibility');
    }
  }

  /** Stores a portrait and thumbnail under new names, where its visibility says; removes the first if the second fails. */
  async storeImages(
    c: { id: string; visibility: string },
    images: { portrait: Buffer; thumbnail: Buffer },
  ): Promise<{ avatarUrl: string; thumbnailUrl: string }> {
    const avatarUrl = await this.portraits.put(c.id, c.visibility, images.portrait);
    try {
      const thumbnailUrl = await this.portraits.put(c.id, c.visibility, images.thumbnail);
      return { avatarUrl, thumbnailUrl };
    } catch (err) {
      await this.storage.removeByUrl(avatarUrl);
      throw err;
    }
  }

  /**
   * Removes files that no row points at any more. The change they belong to is already saved, so a storage failure
   * is logged (an orphan file to clean up) rather than turned into an error for the person who made it.
   */
  async removeFiles(urls: { avatarUrl: string | null; thumbnailUrl: string | null }): Promise<void> {
    const results = await Promise.allSettled([this.storage.removeByUrl(urls.avatarUrl), this.storage.removeByUrl(urls.thumbnailUrl)]);
    for (const r of results)
      if (r.status === 'rejected') this.log.warn({ err: r.reason as Error }, 'a character image could not be removed');
  }

  private async read(url: string | null): Promise<Buffer | undefined> {
    const key = url ? this.storage.keyFromUrl(url) : undefined;
    return key ? (await this.storage.get(key))?.bytes : undefined;
  }
}

/** The fields a copy takes over (not its id, owner, counters, dates or search vector). */
function copyable(row: CharacterRow): NewCharacter {
  return {
    creatorId: row.creatorId,
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    personality: row.personality,
    scenario: row.scenario,
    greeting: row.greeting,
    alternateGreetings: row.alternateGreetings,
    exampleDialogue: row.exampleDialogue,
    systemPrompt: row.systemPrompt,
    postHistoryInstructions: row.postHistoryInstructions,
    creatorNotes: row.creatorNotes,
    characterBook: row.characterBook,
    extensions: row.extensions,
    cardExtras: row.cardExtras,
    tagNames: row.tagNames,
    nsfw: row.nsfw,
    premium: false,
    allowDownload: row.allowDownload,
    voice: row.voice,
  };
}
