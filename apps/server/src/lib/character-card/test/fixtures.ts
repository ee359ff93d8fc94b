import zlib from 'node:zlib';

/*
 * Small, realistic cards written from code for the tests. The PNG writer here is deliberately separate from
 * png.ts so that the reader is checked against an independent encoder.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function chunk(type: string, data: Buffer, badCrc = false): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeBuf = Buffer.from(type, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((zlib.crc32(data, zlib.crc32(typeBuf)) + (badCrc ? 1 : 0)) >>> 0);
  return Buffer.concat([len, typeBuf, data, crc]);
}

export interface TextSpec {
  keyword: string;
  text: string;
  type?: 'tEXt' | 'zTXt' | 'iTXt';
}

function textData(t: TextSpec): Buffer {
  const kw = Buffer.from(t.keyword, 'latin1');
  if (t.type === 'zTXt') return Buffer.concat([kw, Buffer.from([0, 0]), zlib.deflateSync(Buffer.from(t.text, 'latin1'))]);
  if (t.type === 'iTXt')
    return Buffer.concat([kw, Buffer.from([0, 1, 0]), Buffer.from('en\0\0', 'latin1'), zlib.deflateSync(Buffer.from(t.text, 'utf8'))]);
  return Buffer.concat([kw, Buffer.from([0]), Buffer.from(t.text, 'latin1')]);
}

/** An RGBA PNG of a soft gradient with the given text chunks after the header. */
export function makePng(texts: TextSpec[] = [], size = { width: 4, height: 6 }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size.width, 0);
  ihdr.writeUInt32BE(size.height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < Math.min(size.height, 64); y++) {
    rows.push(0);
    for (let x = 0; x < Math.min(size.width, 64); x++) rows.push(40 + x * 30, 60 + y * 20, 160, 255);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...texts.map((t) => chunk(t.type ?? 'tEXt', textData(t))),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
export const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2), 'utf8');

export const SCRIPT_TEXT = '<script>alert("x")</script><img src=x onerror="alert(1)"> *waves* {{user}}';

/** A SillyTavern-style V1 export: flat fields plus application data outside the card. */
export const V1_CARD = {
  name: 'Captain Mara Venn',
  description: 'A weathered airship captain, 41, who smuggles medicine between floating cities.',
  personality: 'Dry humour, fiercely loyal, hates bureaucrats.',
  scenario: '{{user}} has stowed away on the Kestrel during a storm.',
  first_mes: '*Mara drags you out of the cargo hold by your collar.* "Well. You are not on the manifest."',
  mes_example: '<START>\n{{user}}: Where are we going?\n{{char}}: Somewhere with fewer questions.',
  creatorcomment: 'Made for the Skyward campaign.',
  avatar: 'none',
  chat: 'Captain Mara Venn - 2024-05-01@12h00m00s',
  talkativeness: '0.5',
  fav: false,
  create_date: '2024-05-01T12:00:00.000Z',
};

export const V2_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Ilse Moreau',
    description: `An art restorer in 1920s Paris with a secret. ${SCRIPT_TEXT}`,
    personality: 'Curious, meticulous, quietly reckless.',
    scenario: 'A forged Vermeer arrives at the studio.',
    first_mes: 'Bonsoir. Careful with that crate — it is worth more than the building.',
    mes_example: '<START>\n{{user}}: Is it real?\n{{char}}: Nothing in Paris is entirely real.',
    creator_notes: 'Works best with a slow-burn mystery.',
    system_prompt: '{{original}} Write in a literary, third-person style.',
    post_history_instructions: 'Keep replies under 300 words.',
    alternate_greetings: ['*She does not look up from the canvas.* "The door was locked."', 'Ah, the courier. Finally.'],
    character_book: {
      name: 'Paris 1925',
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: false,
      extensions: { 'sillytavern/book': { vectorized: false } },
      entries: [
        {
          keys: ['Vermeer', 'forgery'],
          content: "The forged Vermeer was painted by Ilse's late mentor, Henri.",
          extensions: { depth: 4, weight: 10, 'agnai/mode': 'smart' },
          enabled: true,
          insertion_order: 100,
          case_sensitive: false,
          name: 'The Vermeer',
          priority: 10,
          id: 0,
          comment: 'Core mystery',
          selective: true,
          secondary_keys: ['painting'],
          constant: false,
          position: 'before_char',
          probability: 100,
        },
        {
          keys: ['Henri'],
          content: 'Henri Laurent died in 1923; officially a heart attack.',
          extensions: {},
          enabled: false,
          insertion_order: 200,
          position: 'after_char',
        },
      ],
    },
    tags: ['Mystery', 'Historical', 'Female'],
    creator: 'lanternworks',
    character_version: '1.3',
    extensions: {
      talkativeness: '0.6',
      fav: true,
      world: 'Paris 1925',
      depth_prompt: { prompt: 'Ilse hides her fear.', depth: 4, role: 'system' },
      'agnai/voice': { service: 'elevenlabs', voiceId: 'abc' },
    },
  },
};

export const V3_CARD = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Orrin of the Ninth Gate',
    nickname: 'Orrin',
    description: 'An exiled gatekeeper who remembers every traveller who ever passed through.',
    personality: 'Patient, melancholic, wry.',
    scenario: 'The Ninth Gate has opened for the first time in a century.',
    first_mes: 'You are the first in a hundred years. State your name.',
    mes_example: '',
    creator_notes: 'English notes.',
    creator_notes_multilingual: { en: 'English notes.', fr: 'Notes en français.' },
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    group_only_greetings: ['Travellers. More than one, this time.'],
    tags: ['fantasy', 'drama'],
    creator: 'gatewright',
    character_version: '2.0',
    extensions: { risuai: { utilityBot: false }, 'x-custom': [1, 2, { deep: true }] },
    assets: [
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      { type: 'background', uri: 'https://example.com/gate.webp', name: 'gate', ext: 'webp' },
    ],
    source: ['https://example.com/cards/orrin'],
    creation_date: 1714560000,
    modification_date: 1717238400,
    character_book: {
      extensions: {},
      entries: [
        {
          keys: ['/ninth\\s+gate/i'],
          content: '@@depth 2\nThe Ninth Gate only opens for those who have lost something.',
          extensions: {},
          enabled: true,
          insertion_order: 1,
          use_regex: true,
          constant: false,
        },
      ],
    },
    x_future_field: { note: 'from a newer editor' },
  },
};
