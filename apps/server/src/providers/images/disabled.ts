// No usable image backend: health says how to set one up, and every call fails with NOT_CONFIGURED so that the
// images module can answer with that sentence (and charge nothing).
import { ImageBackendError, type ImageJob, type ImageModel, type ImageProvider, type ImagesInfo } from './image-provider.ts';

export const IMAGES_SETUP_HELP =
  'Image generation is not set up. Set IMAGES_PROVIDER=horde (AI Horde, no setup; IMAGES_API_KEY for a faster registered key), ' +
  'or IMAGES_PROVIDER=sdapi|comfyui with IMAGES_URL pointing at an Automatic1111/Forge or ComfyUI server, ' +
  'or IMAGES_PROVIDER=openai with IMAGES_URL and IMAGES_API_KEY.';

export class DisabledImageProvider implements ImageProvider {
  readonly name = 'images';
  readonly kind = 'disabled';

  constructor(private readonly reason = IMAGES_SETUP_HELP) {}

  async health() {
    return { status: 'disabled' as const, detail: this.reason };
  }

  info(): ImagesInfo {
    return {
      provider: 'disabled',
      configured: false,
      supportsSeed: false,
      supportsNegativePrompt: false,
      supportsProgress: false,
      setup: this.reason,
    };
  }

  async submit(): Promise<ImageJob> {
    throw new ImageBackendError('NOT_CONFIGURED', this.reason);
  }

  async listModels(): Promise<ImageModel[]> {
    throw new ImageBackendError('NOT_CONFIGURED', this.reason);
  }
}
