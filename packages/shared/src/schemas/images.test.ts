import { describe, expect, it } from 'vitest';
import { GenerateImageBody, pictureRequest } from './images.ts';

describe('pictureRequest', () => {
  it('recognises requests for a picture and keeps what they ask to see', () => {
    expect(pictureRequest('send me a picture')).toEqual({ scene: '' });
    expect(pictureRequest('Can you show me a photo of you by the sea?')).toEqual({ scene: 'by the sea' });
    expect(pictureRequest('send a selfie while you dance in the rain')).toEqual({ scene: 'while you dance in the rain' });
    expect(pictureRequest('Take a pic wearing the red coat.')).toEqual({ scene: 'wearing the red coat' });
    expect(pictureRequest('selfie please')).toEqual({ scene: '' });
    expect(pictureRequest('a picture of your cat')).toEqual({ scene: 'your cat' });
  });

  it('leaves ordinary messages alone', () => {
    for (const text of [
      'I saw a picture in the museum today.',
      'Tell me about your photos hobby',
      'How are you?',
      'Show me the way home',
    ]) {
      expect(pictureRequest(text)).toBeNull();
    }
  });
});

describe('GenerateImageBody', () => {
  it('fills defaults and refuses sizes that are not multiples of 64', () => {
    expect(GenerateImageBody.parse({ prompt: ' a lighthouse ' })).toMatchObject({
      prompt: 'a lighthouse',
      width: 512,
      height: 768,
      count: 1,
      visibility: 'private',
    });
    const bad = GenerateImageBody.safeParse({ prompt: 'x', width: 500, count: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(['width must be a multiple of 64', 'At most 4 images per request']);
  });
});
