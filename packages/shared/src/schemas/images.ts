// Images: generation jobs, generated pictures, galleries (own, a character's, every user's, the showcase) and
// pictures inside a chat.
import { z } from 'zod';
import { defineStreamEvents, StreamErrorEvent, type StreamEvent } from './events.ts';
import { ChatMessage, CrisisSupport } from './chat.ts';
import { PageQuery, pageOf } from './characters.ts';
import { text } from './text.ts';

export const MAX_IMAGE_PROMPT = 1000;
export const MAX_NEGATIVE_PROMPT = 500;
export const MAX_IMAGES_PER_REQUEST = 4;
export const MIN_IMAGE_SIDE = 256;
export const MAX_IMAGE_SIDE = 1024;

/** The three shapes the generate page offers; any multiple of 64 between 256 and 1024 is accepted. */
export const IMAGE_ASPECTS = {
  portrait: { width: 512, height: 768 },
  square: { width: 512, height: 512 },
  landscape: { width: 768, height: 512 },
} as const;
export type ImageAspect = keyof typeof IMAGE_ASPECTS;

export const ImageVisibility = z.enum(['private', 'public'], { message: 'visibility must be private or public' });
export type ImageVisibility = z.infer<typeof ImageVisibility>;

/** pending: being made; ready: stored and viewable; failed / cancelled: never made (the cost was refunded). */
export const ImageStatus = z.enum(['pending', 'ready', 'failed', 'cancelled']);
export type ImageStatus = z.infer<typeof ImageStatus>;

export const ImageJobStatus = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type ImageJobStatus = z.infer<typeof ImageJobStatus>;

const side = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(MIN_IMAGE_SIDE, `${name} must be at least ${MIN_IMAGE_SIDE}`)
    .max(MAX_IMAGE_SIDE, `${name} must be at most ${MAX_IMAGE_SIDE}`)
    .refine((v) => v % 64 === 0, `${name} must be a multiple of 64`);

export const GenerateImageBody = z.object({
  prompt: text({
    min: 1,
    max: MAX_IMAGE_PROMPT,
    multiline: true,
    required: 'prompt is required',
    tooShort: 'Describe the picture first',
    tooLong: `Prompts can be at most ${MAX_IMAGE_PROMPT.toLocaleString('en')} characters`,
  }),
  negativePrompt: text({
    max: MAX_NEGATIVE_PROMPT,
    multiline: true,
    tooLong: `The negative prompt can be at most ${MAX_NEGATIVE_PROMPT} characters`,
  }).optional(),
  characterId: z.uuid({ message: 'characterId must be a valid id' }).optional(),
  model: text({ min: 1, max: 200, tooLong: 'The model name is too long' }).optional(),
  width: side('width').default(IMAGE_ASPECTS.portrait.width),
  height: side('height').default(IMAGE_ASPECTS.portrait.height),
  count: z
    .number({ message: 'count must be a number' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(MAX_IMAGES_PER_REQUEST, `At most ${MAX_IMAGES_PER_REQUEST} images per request`)
    .default(1),
  seed: z
    .number({ message: 'seed must be a number' })
    .int('seed must be a whole number')
    .min(0, 'seed must be at least 0')
    .max(2 ** 32 - 1, 'seed must be at most 4294967295')
    .optional(),
  visibility: ImageVisibility.default('private'),
});
export type GenerateImageBody = z.input<typeof GenerateImageBody>;

export const ImageOwner = z.object({ id: z.uuid(), username: z.string(), avatarUrl: z.string().nullable() });
export const ImageCharacter = z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable(), creatorId: z.uuid() });

export const ImageItem = z
  .object({
    id: z.uuid(),
    status: ImageStatus,
    /** The full-size WebP, the thumbnail and a download link; null until ready. Private images carry signed, expiring links. */
    url: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    downloadUrl: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    thumbWidth: z.number().int(),
    thumbHeight: z.number().int(),
    /** What the person asked for (the character's look is added on the server). */
    prompt: z.string(),
    negativePrompt: z.string(),
    model: z.string(),
    seed: z.number().int().nullable(),
    nsfw: z.boolean(),
    visibility: ImageVisibility,
    /** Picked by the team for the showcase. */
    showcase: z.boolean(),
    source: z.enum(['generated', 'chat', 'seed']),
    likes: z.number().int(),
    /** Whether the viewer liked it (false for guests). */
    liked: z.boolean(),
    isOwner: z.boolean(),
    /** Only for its owner (and admins): moderators hid it, so it stays private until they restore it. */
    moderationHidden: z.boolean().optional(),
    owner: ImageOwner,
    /** Null when there is none or the viewer may not see it. */
    character: ImageCharacter.nullable(),
    jobId: z.uuid().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ImageItem' });
export type ImageItem = z.infer<typeof ImageItem>;

export const ImageJob = z
  .object({
    id: z.uuid(),
    status: ImageJobStatus,
    /** 1 = next in line (our queue, or the backend's while it queues); null when running or finished. */
    position: z.number().int().nullable(),
    /** 0–1 while running, where the backend reports it. */
    progress: z.number().nullable(),
    etaSeconds: z.number().int().nullable(),
    /** A low-resolution picture of the work in progress (data: URL) where the backend sends one. */
    preview: z.string().nullable(),
    /** Why it failed, in words a person understands. */
    error: z.string().nullable(),
    count: z.number().int(),
    /** standard or fast: the plan's image queue. */
    queue: z.enum(['standard', 'fast']),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImageJob' });
export type ImageJob = z.infer<typeof ImageJob>;

export const ImageCharge = z.object({
  /** Images taken from the plan's monthly allowance. */
  free: z.number().int(),
  /** Coins charged for the rest. */
  coins: z.number().int(),
  balance: z.number().int(),
});

export const GenerateImageResponse = z
  .object({
    job: ImageJob,
    images: z.array(ImageItem),
    charge: ImageCharge,
    /**
     * The request's words expressed thoughts of suicide or self-harm (the crisis protocol, docs/compliance.md): the
     * resources to show beside it. Absent otherwise. Given with this answer only: the job and its pictures carry none.
     */
    support: CrisisSupport.optional(),
  })
  .meta({ id: 'GenerateImageResponse' });
export type GenerateImageResponse = z.infer<typeof GenerateImageResponse>;

export const ImageJobResponse = z.object({ job: ImageJob, images: z.array(ImageItem) }).meta({ id: 'ImageJobResponse' });
export type ImageJobResponse = z.infer<typeof ImageJobResponse>;

export const ImagesQuery = PageQuery.extend({
  userId: z.uuid({ message: 'userId must be a valid id' }).optional(),
  characterId: z.uuid({ message: 'characterId must be a valid id' }).optional(),
});
export const ImagesPage = pageOf(ImageItem).meta({ id: 'ImagesPage' });
export type ImagesPage = z.infer<typeof ImagesPage>;
export const ShowcaseQuery = PageQuery;

export const ImageModel = z.object({ id: z.string(), name: z.string(), nsfw: z.boolean().optional() });
export const ImageModelsResponse = z.object({ data: z.array(ImageModel) });
export type ImageModel = z.infer<typeof ImageModel>;

export const ImageGenerationStatusQuery = z.object({ characterId: z.uuid({ message: 'characterId must be a valid id' }).optional() });
export const ImageGenerationStatus = z
  .object({
    provider: z.object({
      kind: z.enum(['horde', 'sdapi', 'comfyui', 'openai', 'disabled']),
      configured: z.boolean(),
      /** The backend answered its last health check. */
      ready: z.boolean(),
      /** What is wrong and how to set it up, when not ready. */
      message: z.string().nullable(),
      supportsNegativePrompt: z.boolean(),
      supportsSeed: z.boolean(),
      supportsProgress: z.boolean(),
    }),
    /** What the next image costs the caller (null for guests): free from this month's allowance, else coins. */
    cost: z.object({ freeLeft: z.number().int(), costPerImage: z.number().int(), balance: z.number().int() }).nullable(),
    imageQueue: z.enum(['standard', 'fast']).nullable(),
    /** Prompt ideas drawn from the character (or general ones). */
    suggestions: z.array(z.string()),
  })
  .meta({ id: 'ImageGenerationStatus' });
export type ImageGenerationStatus = z.infer<typeof ImageGenerationStatus>;

export const UpdateImageBody = z.object({ visibility: ImageVisibility });
export const ShowcaseFlagBody = z.object({ showcase: z.boolean({ message: 'showcase must be true or false' }) });
export const SetImageAvatarBody = z.object({ characterId: z.uuid({ message: 'characterId must be a valid id' }).optional() });
export const SetImageAvatarResponse = z.object({
  character: z.object({ id: z.uuid(), avatarUrl: z.string().nullable(), thumbnailUrl: z.string().nullable() }),
});
export const ImageLikeResponse = z.object({ liked: z.boolean(), likes: z.number().int() });

export const ChatPictureBody = z.object({
  conversationId: z.uuid({ message: 'conversationId must be a valid id' }),
  /** The user's message asking for the picture ("send me a picture of you at the beach"), saved in the chat. */
  content: text({ min: 1, max: 4000, multiline: true, tooLong: 'Messages can be at most 4,000 characters' }).optional(),
});
export const ChatPictureResponse = z
  .object({ userMessage: ChatMessage.nullable(), message: ChatMessage, job: ImageJob, images: z.array(ImageItem), charge: ImageCharge })
  .meta({ id: 'ChatPictureResponse' });
export type ChatPictureResponse = z.infer<typeof ChatPictureResponse>;

export const TestImageResponse = z.object({
  provider: z.string(),
  ms: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The picture as a data: URL (not stored anywhere). */
  image: z.string(),
});
export type TestImageResponse = z.infer<typeof TestImageResponse>;

/**
 * Server-sent events of GET /api/image-generation/jobs/{id}/events (Accept: text/event-stream): `job` {job, images}
 * whenever something changed (position, progress, preview, status), ending after the one with a final status.
 */
export const ImageJobStreamEvents = defineStreamEvents({ job: ImageJobResponse, error: StreamErrorEvent });
export type ImageJobStreamEvent = StreamEvent<typeof ImageJobStreamEvents>;

const PICTURE_REQUEST =
  /\b(?:send|show|give|share|snap|take|draw|make)\b[^.?!\n]{0,24}?\b(?:pictures?|pics?|photos?|photographs?|selfies?|images?|snapshots?|snaps?|portraits?)\b/i;
const PICTURE_NOUN_FIRST =
  /^\s*(?:an?\s+|another\s+|one\s+more\s+)?(?:picture|pic|photo|selfie|image|snapshot|portrait)\b(?=\s+(?:of|please|now)\b|\s*[?!.]?\s*$)/i;

/**
 * Whether a chat message asks the character for a picture ("send me a picture", "can you show me a photo of you
 * by the sea?", "selfie please"). The web sends such messages to the picture endpoint; `scene` is the part that
 * says what to show ("of you by the sea"), when there is one.
 */
export function pictureRequest(message: string): { scene: string } | null {
  const m = PICTURE_REQUEST.exec(message) ?? PICTURE_NOUN_FIRST.exec(message);
  if (!m) return null;
  const after = message.slice(m.index + m[0].length);
  const scene = /^\s*(?:of\s+(?:you(?:rself)?\b\s*)?|where\s+|while\s+|with\s+|in\s+|at\s+|wearing\s+)([^?!\n]{0,200})/i.exec(after);
  const prefix = scene ? /^\s*(\w+)/.exec(after)![1]!.toLowerCase() : '';
  const text = scene ? `${prefix === 'of' ? '' : `${prefix} `}${scene[1]!}`.replace(/[.\s]+$/, '').trim() : '';
  return { scene: text };
}
