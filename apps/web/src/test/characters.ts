// Test-only fixtures for the discovery features: character list items and pages as the server sends them.
import type { CharacterListItem, CharacterPage, CharacterProfile } from '@reverie/shared';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { jwt, makeUser } from './helpers';

let counter = 0;

/** A deterministic uuid-shaped id for fixture number `n`. */
export const fixtureId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeCharacter(overrides: Partial<CharacterListItem> = {}): CharacterListItem {
  counter += 1;
  return {
    id: fixtureId(counter),
    name: `Character ${counter}`,
    persona: 'A wandering bard with a secret',
    description: 'Long description',
    avatar: `/media/characters/${counter}/portrait.webp`,
    avatarUrl: `/media/characters/${counter}/portrait.webp`,
    thumbnailUrl: null,
    isUserCreated: false,
    nsfw: false,
    premium: false,
    visibility: 'public',
    chatCount: 12_345,
    likes: 42,
    favorites: 7,
    rating: 4.5,
    ratingCount: 12,
    selectedTags: ['fantasy'],
    tagNames: ['fantasy'],
    tags: [{ name: 'fantasy', displayName: 'Fantasy', emoji: '🐉', color: '#7c3aed', category: 'Genre', isNSFW: false }],
    creator: { id: '22222222-2222-4222-8222-222222222222', username: 'inkwell', avatarUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<CharacterProfile> = {}): CharacterProfile {
  return {
    ...makeCharacter(),
    personality: 'Warm',
    scenario: 'A tavern at dusk',
    greeting: '*waves* Hello, {{user}}.',
    alternateGreetings: [],
    exampleDialogue: '',
    creatorNotes: '',
    allowDownload: false,
    voice: null,
    isOwner: false,
    definition: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function pageOf(items: CharacterListItem[], page = 1, hasMore = false): CharacterPage {
  return { items, page, limit: 24, total: items.length, hasMore };
}

/** Stores a signed-in session (valid access token and the user record) as the app keeps it. */
export function signIn(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser(overrides);
  window.localStorage.setItem(STORAGE_KEYS.accessToken, jwt());
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}
