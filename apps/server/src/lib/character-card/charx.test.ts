import { describe, expect, it } from 'vitest';
import { CardError, parseCharx, writeCharx } from './index.ts';
import { charxBytes, charxCard, picture, zip } from './test/charx-fixtures.ts';

function charxError(bytes: Buffer): CardError {
  try {
    parseCharx(bytes);
  } catch (err) {
    if (err instanceof CardError) return err;
    throw err;
  }
  throw new Error('expected a CardError');
}

const cardJson = (data: object = { name: 'Tiny' }) => Buffer.from(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data }));

describe('CharX import', () => {
  it('reads card.json, the main icon and every other asset with a file', async () => {
    const { bytes, card } = await charxBytes();
    const x = parseCharx(bytes);
    expect(x.card.name).toBe('서하린');
    expect(x.card.characterBook!.entries).toHaveLength(120);
    expect(x.report).toMatchObject({ format: 'v3', source: 'charx', dropped: [] });
    expect(x.icon).toBeDefined();
    // Both spellings of the embedded scheme are read; ccdefault: has no file and stays in the card as it is.
    // The icons are assets too (each keeps its own file); the main one is also the portrait.
    expect(x.iconIndex).toBe(0);
    expect(x.assets.map((a) => `${a.asset.type}:${a.asset.name}`)).toEqual([
      'icon:main',
      'icon:alt',
      'background:hall',
      'emotion:happy',
      'emotion:sad',
      'user_icon:me',
      'x-risu-asset:rain',
    ]);
    expect(x.card.assets).toEqual(card.data.assets);
  });

  it('reads a CharX appended after a JPEG (RisuAI)', async () => {
    const { bytes } = await charxBytes();
    const jpeg = await picture(20, 20, 'jpeg');
    const x = parseCharx(Buffer.concat([jpeg, bytes]));
    expect(x.card.name).toBe('서하린');
    expect(x.assets).toHaveLength(7);
  });

  it('says which listed assets are missing from the archive', async () => {
    const { card, files } = await charxCard();
    delete files['assets/emotion/images/sad.png'];
    const x = parseCharx(zip({ 'card.json': Buffer.from(JSON.stringify(card)), ...files }));
    expect(x.report.warnings.join(' ')).toContain('emotion "sad" (assets/emotion/images/sad.png is not in the archive)');
  });

  it('takes the first icon as the portrait when none is named main', async () => {
    const data = { name: 'Icons', assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/a.png', name: 'a', ext: 'png' }] };
    const x = parseCharx(zip({ 'card.json': cardJson(data), 'assets/icon/images/a.png': await picture(10, 10, 'png') }));
    expect(x.icon).toBeDefined();
    expect(x.iconIndex).toBe(0);
    expect(x.assets.map((a) => a.asset.name)).toEqual(['a']);
  });
});

describe('CharX bounds', () => {
  it('refuses a zip bomb by its compression ratio before inflating it', () => {
    const err = charxError(zip({ 'card.json': cardJson(), 'assets/bomb.png': [new Uint8Array(3 * 1024 * 1024), { level: 6 }] }));
    expect(err).toMatchObject({ code: 'TOO_LARGE', status: 413 });
    expect(err.message).toBe('The .charx archive is compressed suspiciously well (a "zip bomb"), so it was refused.');
  });

  it('never inflates more than an entry declares (a zip that lies about its sizes)', () => {
    const bytes = zip({ 'card.json': cardJson(), 'assets/x.bin': new Uint8Array(5 * 1024 * 1024) });
    // Declare 100 bytes in both headers for the big entry: the reader gets 100 bytes at most, not 5 MB.
    const at = bytes.indexOf(Buffer.from('assets/x.bin'));
    const local = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at);
    bytes.writeUInt32LE(100, local + 22);
    const central = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), bytes.lastIndexOf(Buffer.from('assets/x.bin')));
    bytes.writeUInt32LE(100, central + 24);
    expect(parseCharx(bytes).card.name).toBe('Tiny');
  });

  it('refuses too many entries, too much data, unsafe paths and symlinks', () => {
    const many: Record<string, Uint8Array> = { 'card.json': cardJson() };
    for (let i = 0; i < 520; i++) many[`assets/f${i}.txt`] = new Uint8Array(1);
    expect(charxError(zip(many))).toMatchObject({ code: 'TOO_LARGE', message: 'The .charx archive holds 521 files; the limit is 512.' });
    for (const name of ['../evil.png', '/etc/passwd', 'assets/../../x', 'C:/x.png']) {
      expect(charxError(zip({ 'card.json': cardJson(), [name]: new Uint8Array(3) })), name).toMatchObject({
        code: 'BAD_ARCHIVE',
        status: 400,
      });
    }
    const link = zip({ 'card.json': cardJson(), 'assets/link.png': [Buffer.from('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] });
    expect(charxError(link).message).toBe('The .charx archive contains a symbolic link, so it was refused.');
  });

  it('says in words what is wrong with a broken archive or card.json', () => {
    expect(charxError(zip({ 'readme.txt': Buffer.from('hi') })).message).toBe(
      'The .charx archive has no card.json, so there is no character in it.',
    );
    const broken = charxError(zip({ 'card.json': Buffer.from('{"spec": "chara_card_v3",\n  data: {}}') }));
    expect(broken.message).toBe(
      'The card.json in the .charx is not valid JSON: it is broken at line 2, column 3. It may have been edited by hand or is not a character card; export the card again from the app it came from.',
    );
    expect(broken.message).not.toMatch(/position|Expected|Unexpected token/);
    const cut = zip({ 'card.json': cardJson() }).subarray(0, 40);
    expect(charxError(cut)).toMatchObject({
      code: 'BAD_ARCHIVE',
      message: 'The .charx file is not a complete zip archive (it may be cut short).',
    });
  });
});

describe('CharX export', () => {
  it('writes card.json and the files, readable again', async () => {
    const icon = await picture(30, 40, 'png');
    const out = writeCharx(
      {
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: { name: 'Back', assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] },
      },
      [{ path: 'assets/icon/images/main.png', bytes: icon }],
    );
    const x = parseCharx(out);
    expect(x.card.name).toBe('Back');
    expect(x.icon!.equals(icon)).toBe(true);
  });
});
