// What can be reported and acted on, one resolver per subject type: characters, chat messages and accounts here;
// images register theirs where the images module is composed (`subjects.register('image', …)`).
import type { SubjectContext, SubjectType } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { HeldCharacter, SubjectsRepo } from './subjects.repo.ts';

export interface ReportTarget {
  ownerId: string | null;
  label: string;
  url: string | null;
  /** What the reporter saw, kept with the report (a message can be edited or deleted later). */
  snapshot: string | null;
}

export type ContentAction = 'hide' | 'remove' | 'restore';

export interface ActedOn {
  ownerId: string | null;
  label: string;
  /** Where the owner's notification about the decision leads (default: the character's page). */
  link?: string;
}

export interface SubjectResolver {
  /** The subject as the reporter may see it; 404 when they cannot (the same answer as a missing id). */
  forReport(actor: Actor, id: string): Promise<ReportTarget>;
  /** What moderators see. */
  context(id: string): Promise<SubjectContext>;
  /** Content only (characters, images): hide, remove or restore. Throws 404 when missing, 409 when it changes nothing. */
  act?(action: ContentAction, id: string): Promise<ActedOn>;
  /** Content only: a suspension hides everything of the account others can see (hold `suspended`); returns how many. */
  holdAllOf?(ownerId: string): Promise<number>;
  /** Content only: the suspension is lifted; what it hid comes back (not what moderators hid). Returns how many. */
  releaseAllOf?(ownerId: string): Promise<number>;
  /** Content only: what a content-removal request naming it links to; `gone` once hidden, removed or deleted. */
  lookup?(id: string): Promise<RemovalTarget | undefined>;
}

export interface RemovalTarget {
  label: string;
  url: string | null;
  ownerId: string | null;
  gone: boolean;
}

const EXCERPT = 3000;
const cut = (s: string, n = EXCERPT) => (s.length > n ? `${s.slice(0, n)}…` : s);
const date = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—');

export class SubjectRegistry {
  private readonly resolvers = new Map<SubjectType, SubjectResolver>();

  register(type: SubjectType, resolver: SubjectResolver): void {
    this.resolvers.set(type, resolver);
  }

  get(type: SubjectType): SubjectResolver {
    const r = this.resolvers.get(type);
    if (!r) throw AppError.badRequest(`Reporting ${type}s is not available on this server yet.`);
    return r;
  }

  has(type: SubjectType): boolean {
    return this.resolvers.has(type);
  }

  /** Every registered type, with its resolver (in registration order). */
  all(): Array<[SubjectType, SubjectResolver]> {
    return [...this.resolvers.entries()];
  }
}

function characterContext(c: HeldCharacter): SubjectContext {
  return {
    ref: { type: 'character', id: c.id, label: c.name, url: `/characters/${c.id}` },
    missing: !!c.deletedAt && !c.moderationRemovedAt,
    facts: [
      { label: 'Visibility', value: c.moderationHold ? `private (held; was ${c.moderationRestoreVisibility ?? 'private'})` : c.visibility },
      { label: 'NSFW', value: c.nsfw ? 'yes' : 'no' },
      { label: 'Premium', value: c.premium ? 'yes (members with premium characters only)' : 'no' },
      { label: 'Created', value: date(c.createdAt) },
      ...(c.moderationHiddenAt ? [{ label: 'Hidden since', value: `${date(c.moderationHiddenAt)} (${c.moderationHold})` }] : []),
      ...(c.moderationRemovedAt ? [{ label: 'Removed', value: date(c.moderationRemovedAt) }] : []),
      ...(c.deletedAt && !c.moderationRemovedAt ? [{ label: 'Deleted by its creator', value: date(c.deletedAt) }] : []),
    ],
    excerpt: cut([c.tagline, c.description].filter(Boolean).join('\n\n')) || null,
    imageUrl: c.thumbnailUrl ?? c.avatarUrl,
    moderation: { hidden: !!c.moderationHold, removed: !!c.moderationRemovedAt, hold: c.moderationHold },
    premium: c.premium,
  };
}

export function characterResolver(uow: UnitOfWork<{ subjects: SubjectsRepo }>): SubjectResolver {
  const load = async (id: string) => {
    const c = await uow.repos.subjects.character(id);
    if (!c) throw AppError.notFound('Character');
    return c;
  };
  return {
    async forReport(actor, id) {
      const c = assertVisible(actor, await uow.repos.subjects.character(id));
      return { ownerId: c.creatorId, label: c.name, url: `/characters/${c.id}`, snapshot: cut(`${c.name}: ${c.tagline}`, 500) };
    },
    async context(id) {
      return characterContext(await load(id));
    },
    async act(action, id) {
      const c = await load(id);
      const { subjects } = uow.repos;
      if (action === 'hide') {
        if (c.moderationHold === 'hidden') throw AppError.conflict(`${c.name} is already hidden.`);
        if (c.deletedAt) throw AppError.conflict(`${c.name} is deleted; there is nothing to hide.`);
        // A hold from a suspension becomes a moderators' hide, so unsuspending will not bring it back.
        await subjects.hide(id, 'hidden');
      } else if (action === 'remove') {
        if (c.moderationRemovedAt) throw AppError.conflict(`${c.name} is already removed.`);
        if (c.deletedAt) throw AppError.conflict(`${c.name} was deleted by its creator.`);
        await subjects.remove(id);
      } else {
        if (!c.moderationHold && !c.moderationRemovedAt)
          throw AppError.conflict(`${c.name} is not hidden or removed; there is nothing to restore.`);
        await subjects.restore(id);
      }
      return { ownerId: c.creatorId, label: c.name };
    },
    async lookup(id) {
      const c = await uow.repos.subjects.character(id);
      if (!c) return undefined;
      const gone = !!(c.moderationHold || c.moderationRemovedAt || c.deletedAt);
      return { label: c.name, url: `/characters/${c.id}`, ownerId: c.creatorId, gone };
    },
    async holdAllOf(ownerId) {
      return (await uow.repos.subjects.holdAllOf(ownerId)).length;
    },
    async releaseAllOf(ownerId) {
      return (await uow.repos.subjects.releaseAllOf(ownerId)).length;
    },
  };
}

export function messageResolver(uow: UnitOfWork<{ subjects: SubjectsRepo }>): SubjectResolver {
  return {
    async forReport(actor, id) {
      const m = await uow.repos.subjects.message(id);
      // Conversations are private: only their own user can report a message in one.
      if (!m || m.userId !== actor.userId) throw AppError.notFound('Message');
      return {
        ownerId: m.role === 'assistant' ? m.characterCreatorId : m.userId,
        label: `${m.role === 'assistant' ? 'A reply from' : 'A message to'} ${m.characterName}`,
        url: `/characters/${m.characterId}`,
        snapshot: cut(m.content, 4000),
      };
    },
    async context(id) {
      const m = await uow.repos.subjects.message(id);
      if (!m) {
        return {
          ref: { type: 'message', id, label: 'A chat message', url: null },
          missing: true,
          facts: [{ label: 'State', value: 'deleted since it was reported (the report keeps what the reporter saw)' }],
          excerpt: null,
          imageUrl: null,
          moderation: null,
        };
      }
      return {
        ref: {
          type: 'message',
          id,
          label: `${m.role === 'assistant' ? 'A reply from' : 'A message to'} ${m.characterName}`,
          url: `/characters/${m.characterId}`,
        },
        missing: false,
        facts: [
          { label: 'Character', value: m.characterName },
          { label: 'Written by', value: m.role === 'assistant' ? 'the AI (character reply)' : 'the member' },
          { label: 'Sent', value: date(m.createdAt) },
        ],
        excerpt: cut(m.content),
        imageUrl: null,
        moderation: null,
      };
    },
  };
}

export function userResolver(uow: UnitOfWork<{ subjects: SubjectsRepo }>): SubjectResolver {
  return {
    async forReport(actor, id) {
      if (actor.userId === id) throw AppError.badRequest('You cannot report your own account.');
      const u = await uow.repos.subjects.user(id);
      if (!u) throw AppError.notFound('User');
      return {
        ownerId: u.id,
        label: `@${u.username}`,
        url: `/creators/${u.id}`,
        snapshot: cut(`@${u.username}${u.bio ? `: ${u.bio}` : ''}`, 1000),
      };
    },
    async context(id) {
      const u = await uow.repos.subjects.user(id);
      if (!u) throw AppError.notFound('User');
      return {
        ref: { type: 'user', id, label: `@${u.username}`, url: `/creators/${u.id}` },
        missing: false,
        facts: [
          { label: 'Role', value: u.role },
          { label: 'Joined', value: date(u.createdAt) },
          { label: 'Suspended', value: u.suspendedAt ? `since ${date(u.suspendedAt)}` : 'no' },
        ],
        excerpt: u.bio ? cut(u.bio) : null,
        imageUrl: u.avatarUrl,
        moderation: null,
      };
    },
  };
}
