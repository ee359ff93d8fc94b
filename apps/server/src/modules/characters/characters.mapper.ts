import type { CharacterBook, CharacterListItem, CharacterProfile, CharacterTag } from '@reverie/shared';
import { tagDisplayName } from '@reverie/shared';
import type { CardRow, CharacterWithCreator } from './characters.repo.ts';

/** What the mappers need besides the row: tag facts, and the viewer's likes and favorites (absent for guests). */
export interface CardContext {
  tags: ReadonlyMap<string, CharacterTag>;
  liked?: ReadonlySet<string>;
  favorited?: ReadonlySet<string>;
}

function tagOf(name: string, ctx: CardContext): CharacterTag {
  return (
    ctx.tags.get(name) ?? {
      name,
      displayName: tagDisplayName(name),
      emoji: '🏷️',
      color: '#94a3b8',
      category: 'Other',
      isNSFW: name === 'nsfw',
    }
  );
}

export function toCharacterListItem(row: CardRow, ctx: CardContext): CharacterListItem {
  return {
    id: row.id,
    name: row.name,
    persona: row.tagline,
    description: row.description,
    avatar: row.avatarUrl,
    avatarUrl: row.avatarUrl,
    thumbnailUrl: row.thumbnailUrl,
    isUserCreated: row.seedSlug === null,
    nsfw: row.nsfw,
    premium: row.premium,
    visibility: row.visibility,
    // Held characters are private: only their owner and admins ever get this row.
    ...(row.moderationHold ? { moderationHidden: true } : {}),
    chatCount: row.chatCount,
    likes: row.likesCount,
    favorites: row.favoritesCount,
    rating: Math.round(row.rating * 100) / 100,
    ratingCount: row.ratingCount,
    selectedTags: row.tagNames,
    tagNames: row.tagNames,
    tags: row.tagNames.map((n) => tagOf(n, ctx)),
    creator: { id: row.creatorId, username: row.creatorUsername, avatarUrl: row.creatorAvatarUrl },
    ...(ctx.liked ? { isLiked: ctx.liked.has(row.id) } : {}),
    ...(ctx.favorited ? { isFavorite: ctx.favorited.has(row.id) } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCharacterProfile(
  row: CharacterWithCreator,
  ctx: CardContext & { isOwner: boolean; showDefinition: boolean; isFollowingCreator?: boolean },
): CharacterProfile {
  return {
    ...toCharacterListItem(row, ctx),
    personality: row.personality,
    scenario: row.scenario,
    greeting: row.greeting,
    alternateGreetings: row.alternateGreetings,
    exampleDialogue: row.exampleDialogue,
    creatorNotes: row.creatorNotes,
    allowDownload: row.allowDownload,
    voice: row.voice,
    isOwner: ctx.isOwner,
    definition: ctx.showDefinition
      ? {
          systemPrompt: row.systemPrompt,
          postHistoryInstructions: row.postHistoryInstructions,
          characterBook: (row.characterBook as CharacterBook | null) ?? null,
          extensions: row.extensions,
        }
      : null,
    ...(ctx.isFollowingCreator === undefined ? {} : { isFollowingCreator: ctx.isFollowingCreator }),
    updatedAt: row.updatedAt.toISOString(),
  };
}
