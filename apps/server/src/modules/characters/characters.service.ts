import type { CharacterAssetsRepo } from './character-assets.repo.ts';
// The catalogue: feeds, profiles, a creator's characters, and turning rows into cards for every list that shows them;
// writes go through the CharacterEditor (character-editor.ts) and answer the profile as it now is.
import type {
  CharacterInputParsed,
  CharacterListItem,
  CharacterProfile,
  CharacterSort,
  CharacterTag,
  CharacterUpdateParsed,
  ContentFilter,
} from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CategoriesRepo, CategoryRow } from '../categories/categories.repo.ts';
import type { FavoritesRepo } from '../favorites/favorites.repo.ts';
import type { LikesRepo } from '../likes/likes.repo.ts';
import type { SocialRepo } from '../social/social.repo.ts';
import type { TagsRepo } from '../tags/tags.repo.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { assertVisible } from './character-access.ts';
import type { CharacterEditor } from './character-editor.ts';
import { toCharacterListItem, toCharacterProfile, type CardContext } from './characters.mapper.ts';
import type { CharacterFeedRepo, FeedFilter, FeedRequest } from './character-feed.repo.ts';
import type { CardRow, CharactersRepo } from './characters.repo.ts';

export interface CharacterRepos {
  characters: CharactersRepo;
  characterFeed: CharacterFeedRepo;
  characterAssets: CharacterAssetsRepo;
  likes: LikesRepo;
  favorites: FavoritesRepo;
  social: SocialRepo;
  tags: TagsRepo;
  users: UsersRepo;
  categories: CategoriesRepo;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export function pageOf<T>(items: T[], page: number, limit: number, total: number): Page<T> {
  return { items, page, limit, total, hasMore: (page - 1) * limit + items.length < total };
}

export interface FeedQuery {
  page: number;
  limit: number;
  sort: CharacterSort;
  filter: ContentFilter;
  category?: string;
  tag?: string;
}

/** Totals above this are cached briefly: counting a million rows on every page would dominate the feed's cost. */
const EXACT_TOTAL_BELOW = 10_000;
const TOTAL_TTL_MS = 15_000;
const TAGS_TTL_MS = 60_000;

const nsfwOf = (filter: ContentFilter): boolean | undefined => (filter === 'sfw' ? false : filter === 'nsfw' ? true : undefined);

export class CharactersService {
  private tagCache: { at: number; map: Map<string, CharacterTag> } | undefined;
  private totals = new Map<string, { at: number; n: number }>();

  constructor(
    private readonly uow: UnitOfWork<CharacterRepos>,
    private readonly tags: TagsService,
    private readonly editor: CharacterEditor,
  ) {}

  /** Cached totals go stale when a character is written (in any process: see the module's cache scope). */
  forgetTotals(): void {
    this.totals.clear();
  }

  async create(actor: Actor, input: CharacterInputParsed): Promise<CharacterProfile> {
    return this.get(await this.editor.create(actor, input), actor);
  }

  /** Every change of a character, its visibility included, goes through here (CharacterEditor.update). */
  async update(actor: Actor, id: string, patch: CharacterUpdateParsed): Promise<CharacterProfile> {
    await this.editor.update(actor, id, patch);
    return this.get(id, actor);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.editor.remove(actor, id);
  }

  /**
   * A new portrait for a character (owner or admin): re-encoded into the 768×1152 portrait and 384² thumbnail,
   * stored, the old files removed; answers the updated profile. Also for "use this generated image as the avatar".
   */
  async setAvatar(actor: Actor, characterId: string, input: Buffer): Promise<CharacterProfile> {
    await this.editor.setAvatar(actor, characterId, input);
    return this.get(characterId, actor);
  }

  async removeAvatar(actor: Actor, characterId: string): Promise<CharacterProfile> {
    await this.editor.removeAvatar(actor, characterId);
    return this.get(characterId, actor);
  }

  async duplicate(actor: Actor, id: string): Promise<CharacterProfile> {
    return this.get(await this.editor.duplicate(actor, id), actor);
  }

  async list(q: FeedQuery, actor: Actor | null): Promise<Page<CharacterListItem>> {
    const filter: FeedFilter = { nsfw: nsfwOf(q.filter) };
    if (q.tag) {
      // A tag page for a tag that does not exist is a missing page, not bad input.
      if (!(await this.tags.exists(q.tag))) throw AppError.notFound(`Tag "${q.tag}"`);
      filter.tag = q.tag;
    }
    if (q.category) {
      const category = await this.uow.repos.categories.find(q.category);
      if (!category) throw AppError.badRequest(`Unknown category: ${q.category}`);
      Object.assign(filter, this.categoryFilter(category));
    }
    return this.feedPage({ ...filter, sort: q.sort }, q.page, q.limit, actor);
  }

  /** A category's characters in the category's own order. */
  async listCategory(category: CategoryRow, q: { page: number; limit: number; filter: ContentFilter }, actor: Actor | null) {
    return this.feedPage({ ...this.categoryFilter(category), nsfw: nsfwOf(q.filter), sort: category.rule.sort }, q.page, q.limit, actor);
  }

  private categoryFilter(category: CategoryRow): FeedFilter {
    return {
      anyTags: category.tagNames.length ? category.tagNames : undefined,
      since: category.rule.maxAgeDays ? new Date(Date.now() - category.rule.maxAgeDays * 86_400_000) : undefined,
      minRatings: category.rule.minRatings,
    };
  }

  private async feedPage(req: Omit<FeedRequest, 'limit' | 'offset'>, page: number, limit: number, actor: Actor | null) {
    const { repos } = this.uow;
    const full: FeedRequest = { ...req, limit, offset: (page - 1) * limit };
    if (req.sort === 'following') {
      if (!actor) throw AppError.unauthorized('Sign in to see characters from the creators you follow');
      full.viewerId = actor.userId;
    }
    if (req.sort === 'for-you' && actor) {
      const me = await repos.users.findById(actor.userId);
      full.viewerId = actor.userId;
      full.selectedTags = me?.preferences.selectedTags ?? [];
    }
    const [rows, total] = await Promise.all([repos.characterFeed.feed(full), this.total(req, full.viewerId)]);
    return pageOf(await this.present(rows, actor), page, limit, total);
  }

  private async total(req: Omit<FeedRequest, 'limit' | 'offset'>, viewerId: string | undefined): Promise<number> {
    const { characterFeed } = this.uow.repos;
    // for-you ranks the whole listed catalogue: its total is the popular one.
    const countReq = { ...req, sort: req.sort === 'for-you' ? ('popular' as const) : req.sort, viewerId };
    if (countReq.sort === 'following') return characterFeed.countFeed(countReq);
    const key = JSON.stringify({ ...countReq, viewerId: undefined });
    const hit = this.totals.get(key);
    if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.n;
    const n = await characterFeed.countFeed(countReq);
    if (n >= EXACT_TOTAL_BELOW) {
      if (this.totals.size > 500) this.totals.clear();
      this.totals.set(key, { at: Date.now(), n });
    }
    return n;
  }

  async get(id: string, actor: Actor | null): Promise<CharacterProfile> {
    const { repos } = this.uow;
    const row = assertVisible(actor, await repos.characters.findById(id));
    const isOwner = actor?.userId === row.creatorId;
    const ctx = await this.context([row.id], actor);
    const isFollowingCreator = actor && !isOwner ? await repos.social.isFollowing(actor.userId, row.creatorId) : actor ? false : undefined;
    return toCharacterProfile(row, { ...ctx, isOwner, showDefinition: isOwner || actor?.role === 'admin', isFollowingCreator });
  }

  /** A creator's characters: everything not deleted for the owner (and admins), public ones for everyone else. */
  /** `sfwOnly`: NSFW is closed to the viewer where they are (age assurance): left out of the page and its total. */
  async byCreator(userId: string, q: { page: number; limit: number; sort: 'new' | 'popular' }, actor: Actor | null, sfwOnly = false) {
    const { repos } = this.uow;
    if (!(await repos.users.findById(userId))) throw AppError.notFound('User');
    const includeHidden = !!actor && (actor.userId === userId || actor.role === 'admin');
    const { rows, total } = await repos.characters.byCreator(userId, {
      includeHidden,
      sfwOnly,
      sort: q.sort,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return pageOf(await this.present(rows, actor), q.page, q.limit, total);
  }

  /** Cards for ids in order (hidden or deleted ones dropped), for likes, favorites and search. */
  async cardsByIds(ids: string[], actor: Actor | null): Promise<CharacterListItem[]> {
    return this.present(await this.uow.repos.characters.cardsByIds(ids, actor?.userId ?? null), actor);
  }

  /** Rows → cards, with the viewer's like and favorite state when signed in. */
  async present(rows: CardRow[], actor: Actor | null): Promise<CharacterListItem[]> {
    const ctx = await this.context(
      rows.map((r) => r.id),
      actor,
    );
    return rows.map((r) => toCharacterListItem(r, ctx));
  }

  private async context(ids: string[], actor: Actor | null): Promise<CardContext> {
    const { repos } = this.uow;
    const tags = await this.tagMap();
    if (!actor) return { tags };
    const [liked, favorited] = await Promise.all([
      repos.likes.likedAmong(actor.userId, ids),
      repos.favorites.favoritedAmong(actor.userId, ids),
    ]);
    return { tags, liked, favorited };
  }

  private async tagMap(): Promise<Map<string, CharacterTag>> {
    if (this.tagCache && Date.now() - this.tagCache.at < TAGS_TTL_MS) return this.tagCache.map;
    const rows = await this.uow.repos.tags.list({ limit: 0 });
    const map = new Map<string, CharacterTag>(
      rows.map((t) => [
        t.name,
        { name: t.name, displayName: t.displayName, emoji: t.emoji, color: t.color, category: t.category, isNSFW: t.isNsfw },
      ]),
    );
    this.tagCache = { at: Date.now(), map };
    return map;
  }
}
