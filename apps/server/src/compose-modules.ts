// The modules, in one readable place: each domain's module, given the infrastructure (AppDeps) and what it needs from
// the modules named before it. The composition root (app.ts) calls composeModules once per process.
import type { Agent } from 'node:https';
import type { AppDeps, AppModule } from './deps.ts';
import type { JobQueue } from './lib/jobs/index.ts';
import { createAccountModule } from './modules/account/account.module.ts';
import { createAgeModule } from './modules/age/age.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { createBillingModule } from './modules/billing/billing.module.ts';
import { createCallsModule } from './modules/calls/calls.module.ts';
import { createCategoriesModule } from './modules/categories/categories.module.ts';
import { CHARACTERS_CHANGED, createCharactersModule } from './modules/characters/characters.module.ts';
import { createTransferModule } from './modules/transfer/transfer.module.ts';
import { createChatModule, type ReplyStops } from './modules/chat/index.ts';
import { createGroupsModule } from './modules/groups/groups.module.ts';
import { createFavoritesModule } from './modules/favorites/favorites.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createImagesModule } from './modules/images/images.module.ts';
import type { ImageJobData } from './modules/images/jobs.service.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createLikesModule } from './modules/likes/likes.module.ts';
import { createRatingsModule } from './modules/ratings/ratings.module.ts';
import { createAvatarsModule } from './modules/avatars/avatars.module.ts';
import type { NotificationBus } from './modules/notifications/notifications.bus.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import type { PushKeys } from './modules/notifications/push-keys.ts';
import type { NotificationInput } from './modules/notifications/notifications.service.ts';
import { EXCERPT_RECORDED } from './modules/notifications/notifications.text.ts';
import { createSupportModule } from './modules/support/support.module.ts';
import { createMemoryModule } from './modules/memory/memory.module.ts';
import { createModerationModule } from './modules/moderation/moderation.module.ts';
import { createSearchModule } from './modules/search/search.module.ts';
import { createChatSearchModule } from './modules/chat-search/chat-search.module.ts';
import { createSocialModule } from './modules/social/social.module.ts';
import { createTagsModule } from './modules/tags/tags.module.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { createVoiceModule } from './modules/voice/voice.module.ts';
import { createPersonasModule } from './modules/personas/personas.module.ts';
import { createContentModule } from './modules/content/content.module.ts';
import type { ContentService } from './modules/content/content.service.ts';

type Loaded = {
  content: ContentService;
  bus: NotificationBus;
  replyStops: ReplyStops;
  pushKeys: PushKeys;
  imageQueue?: JobQueue<ImageJobData, unknown>;
  pushAgent?: Agent;
};

/**
 * The modules people meet around characters: notifications, moderation, age assurance, billing, characters and what
 * hangs on them, sign-in, support, pictures and the staff's tools. A module others depend on is named first so they
 * can be handed its services.
 */
function composeCommunity(deps: AppDeps, loaded: Loaded) {
  // Notifications are named first: most event sources hand them events. What they need from modules named later
  // (sessions, this month's coins) is reached through those modules when called.
  const notifications = createNotificationsModule({
    ...deps,
    bus: loaded.bus,
    pushKeys: loaded.pushKeys,
    pushAgent: loaded.pushAgent,
    sessions: { isActive: (sessionId) => auth.services.sessions.isActive(sessionId) },
    monthlyCoins: (userId) => billing.services.coins.monthlyReady(userId),
  });
  const notify = notifications.services.notifications;
  const notifyLater = (userId: string, input: NotificationInput) => notify.notifyLater(userId, input);
  const tags = createTagsModule(deps);
  const moderation = createModerationModule({ ...deps, notify: notifyLater });
  // Age assurance is named early: the modules that serve NSFW content are handed its gate.
  const age = createAgeModule({ ...deps, audit: moderation.services.audit });
  const ageGate = age.services.gate;
  const billing = createBillingModule({
    ...deps,
    notify: (userId, input) => notify.notify(userId, input),
    announceMonthlyCoins: (userId) => notifications.services.sweeps.announceMonthlyCoins(new Date(), [userId]),
    monthlyClaimed: (userId, key) => notify.resolve(userId, key, { claimed: true }),
  });
  const social = createSocialModule({ ...deps, events: notify });
  const characters = createCharactersModule({
    ...deps,
    tags: tags.services.tags,
    moderation: moderation.services.moderation,
    age: ageGate,
    // The first time a character is public, its creator's followers hear of it (once per character).
    published: (creatorId, characterId) =>
      deps.background.run('notify-new-character', async () => void (await notify.notifyFollowersOfNewCharacter(creatorId, characterId))),
  });
  const likes = createLikesModule({ ...deps, characters: characters.services.characters, events: notify, age: ageGate });
  const auth = createAuthModule({ ...deps, ledger: billing.services.ledger });
  const { queue, audit, subjects } = moderation.services;
  const support = createSupportModule({ ...deps, moderation: moderation.services.moderation, queue, audit, subjects, notify: notifyLater });
  const images = createImagesModule({
    ...deps,
    moderation: moderation.services.moderation,
    entitlements: billing.services.entitlements,
    ledger: billing.services.ledger,
    plans: billing.services.plans,
    avatars: characters.services.characters,
    queue: loaded.imageQueue,
    age: ageGate,
    crisis: moderation.services.crisis,
    // A job that ends while its owner is away becomes a notification.
    notify: (userId, input) => notify.notify(userId, input),
  });
  // Pictures can be reported, appear in the queue with context, and are hidden, removed, restored and held by
  // suspensions like characters.
  subjects.register('image', images.services.subject);
  const admin = createAdminModule({
    ...deps,
    subjects,
    audit,
    queue,
    support: support.services.support,
    removal: support.services.removal,
    crisis: moderation.services.crisis,
    ledger: billing.services.ledger,
    notify: notifyLater,
    sessions: auth.services.sessions,
    endStreams: (userId) => notify.endStreams(userId),
    charactersChanged: () => deps.responseCache.invalidate(CHARACTERS_CHANGED),
  });
  return { notifications, tags, moderation, age, billing, social, characters, likes, auth, support, images, admin };
}
type Community = ReturnType<typeof composeCommunity>;

/** The conversations: memory, the one reply pipeline (chat), voice and calls, which compose it. */
function composeConversations(deps: AppDeps, loaded: Loaded, c: Community) {
  const notify = c.notifications.services.notifications;
  const { moderation, crisis } = c.moderation.services;
  const { entitlements, ledger, plans } = c.billing.services;
  const ageGate = c.age.services.gate;
  const memory = createMemoryModule({ ...deps, moderation });
  const { indexer, recall, journal, journalPrompt } = memory.services;
  const chat = createChatModule({
    ...deps,
    moderation,
    crisis,
    entitlements,
    ledger,
    plans,
    firstMessageHooks: {
      quiet: (userId, at) => c.notifications.services.push.isQuietAt(userId, at),
      overCaps: (userId) => c.billing.services.spendingLimits.reached(userId),
      // No request, so no region: where the user is counts as unknown (the operator's default for it).
      nsfwLocked: (userId) => c.age.services.age.locked({ userId, role: 'user' }, null),
      written: async (userId, m) =>
        void (await notify.notify(userId, {
          kind: 'character_message',
          data: { characterName: m.characterName, excerpt: m.message.content.slice(0, EXCERPT_RECORDED) },
          link: `/chat/${m.characterId}?conversation=${m.conversationId}`,
        })),
    },
    stops: loaded.replyStops,
    replyReady: async (userId, m) =>
      void (await notify.notify(userId, {
        kind: 'reply_ready',
        data: { characterName: m.speakerName, inGroup: !!m.inGroup, excerpt: m.message.content.trim().slice(0, EXCERPT_RECORDED) },
        link: m.link,
      })),
    recall: {
      recall: (q) => recall.recall(q),
      indexLater: (id) => indexer.enqueue(id),
      journalLater: (id, at) => journal.enqueue(id, at),
      memoriesByIds: (userId, ids) => journalPrompt.byIds(userId, ids),
    },
    age: ageGate,
  });
  const voice = createVoiceModule({ ...deps, moderation, entitlements, ledger });
  // Calls and group chats compose the chat's pipeline (a call's turn, a group's reply, is an ordinary reply).
  const { pipeline, delivery, conversations } = chat.services;
  const calls = createCallsModule({ ...deps, age: ageGate, entitlements, pipeline, delivery, conversations, voice: voice.services });
  const groups = createGroupsModule({ ...deps, pipeline, delivery, conversations, age: ageGate });
  return { memory, chat, voice, calls, groups };
}

/**
 * The modules, in one readable place. Adding a domain: its folder, plus one line here (and, when it has tables,
 * one in bindRepos).
 */
export function composeModules(deps: AppDeps, loaded: Loaded) {
  const c = composeCommunity(deps, loaded);
  const talk = composeConversations(deps, loaded, c);
  const notify = c.notifications.services.notifications;
  const { characters } = c.characters.services;
  const ageGate = c.age.services.gate;
  const transfer = createTransferModule({
    ...deps,
    cards: c.characters.services.cards,
    moderation: c.moderation.services.moderation,
    crisis: c.moderation.services.crisis,
  });
  // Routes are registered in this order.
  return {
    health: createHealthModule({ ...deps, registry: deps.health, staff: c.admin.services.gate }),
    auth: c.auth,
    age: c.age,
    notifications: c.notifications,
    support: c.support,
    admin: c.admin,
    users: createUsersModule({ ...deps, tags: c.tags.services.tags, social: c.social.services.social, age: ageGate }),
    tags: c.tags,
    moderation: c.moderation,
    billing: c.billing,
    content: createContentModule(loaded),
    characters: c.characters,
    likes: c.likes,
    ratings: createRatingsModule(deps),
    avatars: createAvatarsModule({ ...deps, log: deps.log }),
    favorites: createFavoritesModule({ ...deps, characters, likes: c.likes.services.likes, age: ageGate }),
    social: c.social,
    categories: createCategoriesModule({ ...deps, characters, age: ageGate }),
    search: createSearchModule({ ...deps, characters, social: c.social.services.social, age: ageGate }),
    chat: talk.chat,
    groups: talk.groups,
    chatSearch: createChatSearchModule({ ...deps, cards: c.moderation.services.crisis }),
    memory: talk.memory,
    personas: createPersonasModule({ ...deps, moderation: c.moderation.services.moderation }),
    images: c.images,
    voice: talk.voice,
    calls: talk.calls,
    transfer,
    account: createAccountModule({
      ...deps,
      transfer: transfer.services.transfer,
      auth: c.auth.services.auth,
      sessions: c.auth.services.sessions,
      emailTokens: c.auth.services.emailTokens,
      notify: (userId, input) => notify.notify(userId, input),
      endStreams: (userId) => notify.endStreams(userId),
      charactersChanged: () => deps.responseCache.invalidate(CHARACTERS_CHANGED),
    }),
  } satisfies Record<string, AppModule>;
}
export type AppModules = ReturnType<typeof composeModules>;
