// What "Download my data" puts in its zip, one entry at a time (lib/zip-stream.ts zips them as they come): the transfer
// module's characters and chats, then the account's own records, then each picture's file read from storage.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { jsonBytes, type ZipEntry } from '../../lib/zip-stream.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { AgeRepo } from '../age/age.repo.ts';
import type { MemoryRepo } from '../memory/memory.repo.ts';
import { toAgeCheckRecord } from '../age/age.mapper.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccountRepo } from './account.repo.ts';

export interface ExportSources {
  uow: UnitOfWork<{ account: AccountRepo; users: UsersRepo; personas: PersonasRepo; age: AgeRepo; memory: MemoryRepo }>;
  transfer: TransferService;
  storage: MediaStorage;
  publicUrl: string;
}

const README = `Your Reverie data, as it was when this export was made.

profile.json        your account: username, e-mail, bio, settings, preferences, dates, who you follow
characters/*.charx  every character you made (Character Card V3, with portrait and pictures)
chats/*.jsonl       every conversation (SillyTavern chat files, swipes kept); a message of yours that was shown
                    crisis resources has extra.crisis_resources: the country of the list shown (* the general list)
personas.json       who you are in stories: each persona's name, pronouns, description and avatar
memories.json       the journal of memories: each fact, the character or group it belongs to, who wrote it, dates
age-checks.json     your age checks: provider, method, outcome, dates and the provider's reference (no documents)
pictures.json       every picture you made: id, prompt, character, date, visibility and its file below
pictures/*.webp     the pictures themselves
coin-ledger.json    every change to your coin balance
invoices.json       invoices and receipts of your payments, and your memberships
`;

const json = (path: string, value: unknown): ZipEntry => ({ path, bytes: jsonBytes(value), compress: true });

/** Every file of the account's export, in zip order. */
export async function* accountExportEntries(d: ExportSources, userId: string): AsyncGenerator<ZipEntry> {
  const { account, users, personas } = d.uow.repos;
  const user = await users.findById(userId);
  if (!user) throw new Error('account not found');
  yield* d.transfer.exportEntries(userId);
  const following = await account.followingOf(userId);
  yield json('profile.json', {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerifiedAt: user.emailVerifiedAt,
    signsInWith: [user.passwordHash ? 'password' : null, user.googleSub ? 'google' : null].filter(Boolean),
    bio: user.bio,
    avatarUrl: user.avatarUrl,
    bannerUrl: user.bannerUrl,
    coins: user.coins,
    tier: user.tier,
    role: user.role,
    preferences: user.preferences,
    settings: user.settings,
    following: following.map((f) => ({ username: f.username, since: f.since })),
    createdAt: user.createdAt,
    exportedAt: new Date(),
  });
  yield json('age-checks.json', (await d.uow.repos.age.ofUser(userId)).map(toAgeCheckRecord));
  yield json(
    'personas.json',
    (await personas.list(userId)).map((p) => ({
      name: p.name,
      pronouns: p.pronouns,
      description: p.description,
      isDefault: p.isDefault,
      avatarUrl: p.avatarUrl?.startsWith('/') ? `${d.publicUrl}${p.avatarUrl}` : p.avatarUrl,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
  );
  yield json(
    'memories.json',
    (await d.uow.repos.memory.allOfUser(userId)).map((m) => ({
      text: m.text,
      character: m.characterName,
      group: m.groupName,
      pinned: m.pinned,
      writtenBy: m.source,
      fromMessages: m.messageIds,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    })),
  );
  yield* pictureEntries(d, userId);
  const ledger = await account.ledgerOf(userId);
  yield json(
    'coin-ledger.json',
    ledger.map((l) => ({ at: l.createdAt, change: l.delta, balanceAfter: l.balanceAfter, reason: l.reason, reference: l.reference })),
  );
  yield json('invoices.json', await invoicesOf(d, userId));
  yield { path: 'README.txt', bytes: Buffer.from(README, 'utf8'), compress: true };
}

/** `pictures.json`, then each picture's file (one read from storage at a time). */
async function* pictureEntries(d: ExportSources, userId: string): AsyncGenerator<ZipEntry> {
  const pictures = await d.uow.repos.account.picturesOf(userId);
  const withFile = new Set<string>();
  for (const p of pictures) if (p.fileKey && (await d.storage.exists(p.fileKey).catch(() => false))) withFile.add(p.id);
  yield json(
    'pictures.json',
    pictures.map((p) => ({
      id: p.id,
      prompt: p.prompt,
      negativePrompt: p.negativePrompt,
      characterId: p.characterId,
      source: p.source,
      visibility: p.visibility,
      nsfw: p.nsfw,
      width: p.width,
      height: p.height,
      createdAt: p.createdAt,
      file: withFile.has(p.id) ? `pictures/${p.id}.webp` : null,
      // Private pictures have no lasting public address; the file above is the picture.
      url: p.visibility === 'public' ? `${d.publicUrl}/api/images/${p.id}/full.webp` : null,
    })),
  );
  for (const p of pictures) {
    if (!p.fileKey || !withFile.has(p.id)) continue;
    const stored = await d.storage.get(p.fileKey).catch(() => null);
    // Gone between the check and the read: an empty file keeps pictures.json's promise of a name.
    yield { path: `pictures/${p.id}.webp`, bytes: stored?.bytes ?? new Uint8Array(0), compress: false };
  }
}

async function invoicesOf(d: ExportSources, userId: string) {
  const { account } = d.uow.repos;
  const [invoices, memberships] = await Promise.all([account.invoicesOf(userId), account.subscriptionsOf(userId)]);
  return {
    invoices: invoices.map((i) => ({
      number: i.number,
      date: i.createdAt,
      kind: i.kind,
      description: i.description,
      status: i.status,
      amount: i.amountCents / 100,
      refunded: i.refundedCents / 100,
      currency: i.currency,
      coins: i.coins,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      card: i.paymentMethod ? `${i.paymentMethod.brand} •••• ${i.paymentMethod.last4}` : null,
    })),
    memberships: memberships.map((m) => ({
      plan: m.plan,
      billingPeriod: m.billingPeriod,
      status: m.status,
      startedAt: m.createdAt,
      currentPeriodEnd: m.currentPeriodEnd,
      cancelAtPeriodEnd: m.cancelAtPeriodEnd,
      endedAt: m.endedAt,
    })),
  };
}
