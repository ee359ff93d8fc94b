// Asking for pictures: everything that can refuse (access, premium, blocked prompt, the backend not set up or not
// answering, too many open jobs, the cost) answers before anything is written; then one transaction writes the job,
// its pending images and the charge (allowance first, then coins), and the job is queued. A failure or a cancel
// later refunds through jobs.settle.
import { randomInt } from 'node:crypto';
import type { ImageGenerationStatus, TestImageResponse } from '@reverie/shared';
import { pictureRequest } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImageProvider } from '../../providers/images/index.ts';
import { InsufficientCoinsError, type LedgerService } from '../billing/ledger.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo, CharacterWithCreator } from '../characters/characters.repo.ts';
import type { ChatRepo, ShownMessageRow } from '../chat/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { backendModels, backendTest, ensureBackend } from './image-backend.ts';
import type { ImageUrls } from './image-files.ts';
import type { ImageJobRow, ImageRow, ImagesRepo } from './images.repo.ts';
import { chargeKey, type ImageJobsService, type JobView } from './jobs.service.ts';
import { characterSeed, chatPicturePrompt, combinePrompt, lookOf, suggestionsFor } from './prompt.ts';
import { ageAssuranceRequired, type NsfwLocked } from '../age/age-gate.ts';

type Repos = { images: ImagesRepo; characters: CharactersRepo; chat: ChatRepo; users: UsersRepo; personas: PersonasRepo };

export interface GenerationSettings {
  steps: number;
  /** Jobs one user may have queued or running at once. */
  maxOpenJobs: number;
}

interface JobPlan {
  kind: 'generate' | 'chat';
  character: CharacterWithCreator | null;
  conversationId?: string;
  prompt: string;
  fullPrompt: string;
  negativePrompt: string;
  model: string;
  width: number;
  height: number;
  seed: number;
  count: number;
  nsfw: boolean;
  visibility: 'private' | 'public';
}

export class ImageGenerationService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly deps: {
      provider: ImageProvider;
      jobs: ImageJobsService;
      entitlements: EntitlementsService;
      ledger: LedgerService;
      plans: Plans;
      moderation: ModerationService;
      urls: ImageUrls;
      settings: GenerationSettings;
    },
  ) {}

  /** A character the caller may picture: visible, not deleted, and premium ones only with the membership. */
  private async character(actor: Actor, characterId: string, nsfwLocked: NsfwLocked): Promise<CharacterWithCreator> {
    const row = assertVisible(actor, await this.uow.repos.characters.findById(characterId));
    if (row.nsfw && (await nsfwLocked())) throw ageAssuranceRequired();
    if (row.premium && actor.userId !== row.creatorId && actor.role !== 'admin') {
      await this.deps.entitlements.requirePermission(actor.userId, 'premiumCharacters');
    }
    return row;
  }

  /** What `count` images cost the caller now: free ones first, coins for the rest; 402 `{ cost, balance }` when short. */
  private async quote(userId: string, count: number) {
    const e = await this.deps.entitlements.of(userId);
    const free = Math.min(count, e.allowances.images.remaining);
    const cost = (count - free) * this.deps.plans.catalog.costs.image;
    const balance = await this.deps.ledger.balance(userId);
    return { free, cost, balance, queue: e.permissions.imageQueue };
  }

  private insufficient(count: number, q: { cost: number; balance: number }): AppError {
    return AppError.paymentRequired(
      { cost: q.cost, balance: q.balance },
      `Not enough coins: ${count === 1 ? 'this picture costs' : `these ${count} pictures cost`} ${q.cost} and your balance is ${q.balance}.`,
    );
  }

  private async preflight(actor: Actor, count: number) {
    await ensureBackend(this.deps.provider);
    const open = await this.uow.repos.images.countUnfinished(actor.userId);
    if (open >= this.deps.settings.maxOpenJobs) {
      throw new AppError(429, 'RATE_LIMITED', `You already have ${open} pictures being made. Wait for one to finish, or cancel one.`, {
        headers: { 'retry-after': '5' },
      });
    }
    const q = await this.quote(actor.userId, count);
    if (q.balance < q.cost) throw this.insufficient(count, q);
    return q;
  }

  /** One transaction: the job, its pending images, one charge per image, and whatever `more` writes; then the queue. */
  private async createJob<X>(
    actor: Actor,
    plan: JobPlan,
    queue: 'standard' | 'fast',
    more?: (r: Repos, job: ImageJobRow) => Promise<X>,
  ): Promise<{ job: ImageJobRow; images: ImageRow[]; charge: { free: number; coins: number; balance: number }; more: X | undefined }> {
    let out;
    try {
      out = await this.uow.run(async (r) => {
        const job = await r.images.insertJob({
          ownerId: actor.userId,
          characterId: plan.character?.id ?? null,
          conversationId: plan.conversationId ?? null,
          kind: plan.kind,
          queue,
          prompt: plan.prompt,
          fullPrompt: plan.fullPrompt,
          negativePrompt: plan.negativePrompt,
          model: plan.model,
          width: plan.width,
          height: plan.height,
          steps: this.deps.settings.steps,
          seed: plan.seed,
          count: plan.count,
          nsfw: plan.nsfw,
          visibility: plan.visibility,
          // Asking for it is looking at it: the page that asked polls it from now on.
          watchedAt: new Date(),
        });
        const images = await r.images.insertImages(
          Array.from({ length: plan.count }, (_, position) => ({
            ownerId: actor.userId,
            characterId: plan.character?.id ?? null,
            jobId: job.id,
            position,
            source: plan.kind === 'chat' ? ('chat' as const) : ('generated' as const),
            prompt: plan.prompt,
            negativePrompt: plan.negativePrompt,
            model: plan.model,
            width: plan.width,
            height: plan.height,
            nsfw: plan.nsfw,
            visibility: plan.visibility,
          })),
        );
        const charge = { free: 0, coins: 0, balance: 0 };
        for (const image of images) {
          const purpose = plan.kind === 'chat' ? 'chat-picture' : undefined;
          const o = await this.deps.entitlements.consumeImageAllowanceOrCharge(actor.userId, chargeKey(job.id, image.position), purpose);
          if (o.outcome === 'free') charge.free++;
          else charge.coins += o.cost;
          charge.balance = o.balance;
        }
        return { job, images, charge, more: await more?.(r, job) };
      });
    } catch (err) {
      // Someone spent the coins between the quote and the charge: the same 402, with today's numbers.
      if (err instanceof InsufficientCoinsError) throw this.insufficient(plan.count, await this.quote(actor.userId, plan.count));
      throw err;
    }
    try {
      await this.deps.jobs.enqueue(out.job);
    } catch {
      await this.deps.jobs.settle(out.job.id, 'failed', 'The picture could not be queued. Nothing was charged.');
      throw new AppError(503, 'UNAVAILABLE', 'The image queue is not available right now. Nothing was charged; try again.');
    }
    return out;
  }

  async generate(
    actor: Actor,
    body: {
      prompt: string;
      negativePrompt?: string;
      characterId?: string;
      model?: string;
      width: number;
      height: number;
      count: number;
      seed?: number;
      visibility: 'private' | 'public';
    },
    nsfwLocked: NsfwLocked,
  ) {
    const character = body.characterId ? await this.character(actor, body.characterId, nsfwLocked) : null;
    const user = await this.uow.repos.users.findById(actor.userId);
    // The character's rating decides; without one, the person's own NSFW preference (SFW while age assurance is due).
    const nsfw = character ? character.nsfw : (user?.preferences.nsfwEnabled ?? false) && !(await nsfwLocked());
    const fullPrompt = combinePrompt(body.prompt, character ? lookOf(character) : null);
    // The optional LLM judge (off by default) decides the ambiguous band, before anything is queued or charged.
    await this.deps.moderation.assertAllowedJudged(
      { prompt: body.prompt, negativePrompt: body.negativePrompt, fullPrompt },
      {
        surface: 'image-prompt',
        nsfwContext: nsfw,
        userId: actor.userId,
        fieldLabels: { prompt: 'prompt', negativePrompt: 'negative prompt', fullPrompt: 'prompt with the character' },
      },
    );
    const q = await this.preflight(actor, body.count);
    const { job, charge } = await this.createJob(
      actor,
      {
        kind: 'generate',
        character,
        prompt: body.prompt,
        fullPrompt,
        negativePrompt: body.negativePrompt ?? '',
        model: body.model ?? '',
        width: body.width,
        height: body.height,
        seed: body.seed ?? (character ? characterSeed(character.id) : randomInt(0, 2 ** 32 - 1)),
        count: body.count,
        nsfw,
        visibility: body.visibility,
      },
      q.queue,
    );
    return { view: await this.deps.jobs.present(job, actor), charge };
  }

  /**
   * "Send me a picture" in a conversation: the character's look in the scene of the last messages. `crisisCard`: the
   * request's words expressed a crisis (the crisis protocol, read by the route): the key kept with its message.
   */
  async chatPicture(
    actor: Actor,
    characterId: string,
    body: { conversationId: string; content?: string; crisisCard?: string | null },
    nsfwLocked: NsfwLocked,
  ) {
    const { chat } = this.uow.repos;
    const conv = await chat.conversation(body.conversationId);
    if (!conv || conv.userId !== actor.userId || conv.characterId !== characterId) throw AppError.notFound('Conversation');
    const raw = await this.uow.repos.characters.findById(characterId);
    if (raw?.deletedAt)
      throw AppError.conflict('This character was deleted by its creator: the conversation can be read but not continued.');
    const character = await this.character(actor, characterId, nsfwLocked);
    if (body.content) {
      this.deps.moderation.assertAllowed(
        { content: body.content },
        { surface: 'chat-user', nsfwContext: character.nsfw, userId: actor.userId, fieldLabels: { content: 'message' } },
      );
    }
    const scene = body.content ? (pictureRequest(body.content)?.scene ?? '') : '';
    const recent = (await chat.messagesNewestFirst(conv.id, 6)).filter((m) => m.status !== 'blocked');
    const { prompt, full } = chatPicturePrompt(character, scene, recent);
    await this.deps.moderation.assertAllowedJudged(
      { prompt: full },
      { surface: 'image-prompt', nsfwContext: character.nsfw, userId: actor.userId, fieldLabels: { prompt: 'picture request' } },
    );
    const q = await this.preflight(actor, 1);
    // The user's words are written as the persona in force, like a message sent in the chat.
    const persona = body.content
      ? (await this.uow.repos.personas.effective({ userId: actor.userId, characterId, conversationId: conv.id }))?.persona
      : undefined;
    const caption = `*${character.name} sends you a picture.*`;
    const { job, charge, more } = await this.createJob(
      actor,
      {
        kind: 'chat',
        character,
        conversationId: conv.id,
        prompt,
        fullPrompt: full,
        negativePrompt: '',
        model: '',
        width: 512,
        height: 768,
        seed: characterSeed(character.id),
        count: 1,
        nsfw: character.nsfw,
        visibility: 'private',
      },
      q.queue,
      async (r, job) => {
        let userMessage: ShownMessageRow | null = null;
        if (body.content) {
          if (!(await r.chat.hasUserMessage(conv.id))) await r.chat.countChatOnCharacter(character.id);
          const row = await r.chat.insertMessage({
            conversationId: conv.id,
            role: 'user',
            content: body.content,
            personaId: persona?.id ?? null,
            crisisCard: body.crisisCard ?? null,
          });
          userMessage = { ...row, persona: persona ? { name: persona.name, avatarUrl: persona.avatarUrl } : null };
        }
        const message = await r.chat.insertMessage({
          conversationId: conv.id,
          role: 'assistant',
          content: caption,
          swipes: [caption],
          imageJobId: job.id,
        });
        await r.chat.touch(conv.id, userMessage ? 2 : 1);
        return { userMessage, message };
      },
    );
    return { userMessage: more!.userMessage, message: more!.message, view: await this.deps.jobs.present(job, actor), charge };
  }

  async cancel(actor: Actor, jobId: string): Promise<JobView> {
    const row = await this.uow.repos.images.job(jobId);
    if (!row || (row.ownerId !== actor.userId && actor.role !== 'admin')) throw AppError.notFound('Job');
    if (!(await this.deps.jobs.settle(jobId, 'cancelled', 'Cancelled. Nothing was charged.'))) {
      throw AppError.conflict('This job has already finished.');
    }
    return this.deps.jobs.present((await this.uow.repos.images.job(jobId))!, actor);
  }

  async status(actor: Actor | null, characterId?: string): Promise<ImageGenerationStatus> {
    const { provider, entitlements, plans, ledger } = this.deps;
    const character = characterId ? assertVisible(actor, await this.uow.repos.characters.findById(characterId)) : null;
    const info = provider.info();
    const health = info.configured ? await provider.health() : { status: 'disabled' as const, detail: info.setup };
    let cost: ImageGenerationStatus['cost'] = null;
    let imageQueue: ImageGenerationStatus['imageQueue'] = null;
    if (actor) {
      const e = await entitlements.of(actor.userId);
      cost = {
        freeLeft: e.allowances.images.remaining,
        costPerImage: plans.catalog.costs.image,
        balance: await ledger.balance(actor.userId),
      };
      imageQueue = e.permissions.imageQueue;
    }
    return {
      provider: {
        kind: info.provider,
        configured: info.configured,
        ready: health.status === 'ok',
        message: health.status === 'ok' ? null : (health.detail ?? 'The image service is not answering.'),
        supportsNegativePrompt: info.supportsNegativePrompt,
        supportsSeed: info.supportsSeed,
        supportsProgress: info.supportsProgress,
      },
      cost,
      imageQueue,
      suggestions: suggestionsFor(character),
    };
  }

  async models(): Promise<{ data: Array<{ id: string; name: string; nsfw?: boolean }> }> {
    return backendModels(this.deps.provider);
  }

  /** /test's tiny picture: straight from the backend, 64×64, not queued, not charged, not stored. */
  async test(): Promise<TestImageResponse> {
    return backendTest(this.deps.provider);
  }
}
