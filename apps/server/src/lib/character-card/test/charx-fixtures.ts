import sharp from 'sharp';
import { zipSync, type Zippable } from 'fflate';

/** A small picture of the given size and format (real pixels, so sharp can re-encode it). */
export function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp', color = '#7a3b9c'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return image[format]().toBuffer();
}

/**
 * A RisuAI-style V3 card with assets of every kind: the main icon, a second icon, a background, two emotions, a user
 * icon, a `ccdefault:` icon, an asset whose file is missing, and a sound (not a picture). Korean text and a lorebook.
 */
export async function charxCard() {
  const files: Record<string, Buffer> = {
    'assets/icon/images/main.png': await picture(170, 234, 'png', '#aa3355'),
    'assets/icon/images/alt.webp': await picture(64, 64, 'webp', '#335577'),
    'assets/background/images/hall.jpeg': await picture(320, 180, 'jpeg', '#223344'),
    'assets/emotion/images/happy.png': await picture(48, 48, 'png', '#ffcc00'),
    'assets/emotion/images/sad.png': await picture(48, 48, 'png', '#0033cc'),
    'assets/user_icon/images/me.png': await picture(32, 32, 'png', '#00aa66'),
    'assets/other/audio/rain.mp3': Buffer.from('ID3 not really a sound, and not a picture'),
  };
  const card = {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: '서하린',
      description: '도서관의 사서. 조용하지만 날카롭다. — Bibliothécaire, 静かな司書.',
      personality: '침착함',
      scenario: '',
      first_mes: '어서 오세요. *책장을 넘긴다*',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: ['안녕하세요?'],
      group_only_greetings: [],
      tags: ['Fantasy', 'SFW'],
      creator: 'haneul',
      character_version: '1.2',
      extensions: { risuai: { utilityBot: false, customScripts: [] } },
      character_book: {
        extensions: {},
        entries: Array.from({ length: 120 }, (_, i) => ({
          keys: [`키워드${i}`],
          content: `항목 ${i}: ${'내용 '.repeat(20)}`,
          extensions: { risu_case_sensitive: false },
          enabled: true,
          insertion_order: i,
          use_regex: false,
          constant: false,
        })),
      },
      assets: [
        { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
        { type: 'icon', uri: 'embeded://assets/icon/images/alt.webp', name: 'alt', ext: 'webp' },
        { type: 'background', uri: 'embeded://assets/background/images/hall.jpeg', name: 'hall', ext: 'jpeg' },
        { type: 'emotion', uri: 'embeded://assets/emotion/images/happy.png', name: 'happy', ext: 'png' },
        { type: 'emotion', uri: 'embedded://assets/emotion/images/sad.png', name: 'sad', ext: 'png' },
        { type: 'user_icon', uri: 'embeded://assets/user_icon/images/me.png', name: 'me', ext: 'png' },
        { type: 'icon', uri: 'ccdefault:', name: 'fallback', ext: 'png' },
        { type: 'x-risu-asset', uri: 'embeded://assets/other/audio/rain.mp3', name: 'rain', ext: 'mp3' },
      ],
    },
  };
  return { card, files };
}

export function zip(entries: Record<string, Uint8Array | [Uint8Array, { os?: number; attrs?: number; level?: 0 | 6 }]>): Buffer {
  return Buffer.from(zipSync(entries as Zippable));
}

export async function charxBytes(): Promise<{ bytes: Buffer; card: Awaited<ReturnType<typeof charxCard>>['card'] }> {
  const { card, files } = await charxCard();
  return { bytes: zip({ 'card.json': Buffer.from(JSON.stringify(card)), ...files }), card };
}
