import { describe, expect, it } from 'vitest';
import { AudioCheckError, decodeAudio } from './audio.ts';
import { espeakWav, toMp3 } from './test/peer.ts';

describe('decodeAudio', () => {
  it('decodes real speech (WAV or MP3) to 16 kHz mono WAV and measures it', async () => {
    const wav = await espeakWav('hello world, the weather is nice today');
    const a = await decodeAudio(wav, 30);
    expect(a.format).toBe('wav');
    expect(a.durationMs).toBeGreaterThan(1500);
    expect(a.wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(a.wav.readUInt32LE(24)).toBe(16_000);
    const m = await decodeAudio(await toMp3(wav), 30);
    expect(m.format).toBe('mp3');
    expect(Math.abs(m.durationMs - a.durationMs)).toBeLessThan(200);
  });

  it('refuses what is not audio, whatever it is called, and what is too long', async () => {
    await expect(decodeAudio(Buffer.from('RIFF not really a wave file at all'), 30)).rejects.toMatchObject({ reason: 'not-audio' });
    await expect(decodeAudio(Buffer.from('<html>hello</html>'), 30)).rejects.toBeInstanceOf(AudioCheckError);
    const long = await espeakWav('one two three four five six seven eight nine ten eleven twelve');
    await expect(decodeAudio(long, 2)).rejects.toMatchObject({
      reason: 'too-long',
      message: expect.stringMatching(/longer than 2 seconds/),
    });
  });
});
