import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tools } from '../../lib/tool-runner.ts';
import { AudioCheckError, containerOf, decodeAudio, wavLayout, wavOf } from './audio.ts';
import { samplesOfWav } from './sherpa.ts';
import { espeakWav, toMp3 } from './test/peer.ts';

/** What ffmpeg writes for `args` (input and output options) into a file named `name`. */
function ffmpegFile(name: string, args: string[]): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'audio-test-'));
  try {
    const out = path.join(dir, name);
    execFileSync('ffmpeg', ['-v', 'error', ...args, out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  it('reads every container a browser or phone records in, each named by its own first bytes', async () => {
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5'];
    const made: Array<[string, string[], string]> = [
      ['a.webm', ['-c:a', 'libopus'], 'matroska'],
      ['a.ogg', ['-c:a', 'libopus'], 'ogg'],
      ['a.flac', [], 'flac'],
      ['a.m4a', ['-c:a', 'aac'], 'mov'],
      ['a.wav', [], 'wav'],
      ['a.mp3', [], 'mp3'],
    ];
    for (const [name, codec, container] of made) {
      const bytes = ffmpegFile(name, [...tone, ...codec]);
      expect(containerOf(bytes), name).toBe(container);
      const decoded = await decodeAudio(bytes, 30);
      expect(decoded.format).toBe(container);
      expect(Math.abs(decoded.durationMs - 1500), name).toBeLessThan(120);
    }
  });

  it('takes the samples of a 16 kHz mono 16-bit WAV (what the app records) as they are, without starting ffmpeg', async () => {
    const decoded = await decodeAudio(await espeakWav('hello world'), 30); // espeak-ng speaks at 22,050 Hz
    const run = vi.spyOn(tools, 'run');
    try {
      // With a LIST chunk before the samples, as some recorders write.
      const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx\0')]);
      const withList = Buffer.concat([decoded.wav.subarray(0, 36), list, decoded.wav.subarray(36)]);
      withList.writeUInt32LE(withList.length - 8, 4);
      const again = await decodeAudio(withList, 30);
      expect(again.wav.equals(decoded.wav)).toBe(true);
      expect(again.durationMs).toBe(decoded.durationMs);
      await expect(decodeAudio(wavOf(Buffer.alloc(16_000 * 2 * 4)), 2)).rejects.toMatchObject({ reason: 'too-long' });
      await expect(decodeAudio(wavOf(Buffer.alloc(100)), 2)).rejects.toMatchObject({ reason: 'empty' });
      expect(run).not.toHaveBeenCalled();
      // Another rate goes through ffmpeg, which resamples it.
      const at8k = await decodeAudio(wavOf(Buffer.alloc(8_000 * 2), 8_000), 30);
      expect(run).toHaveBeenCalledTimes(1);
      expect(at8k.durationMs).toBe(1000);
    } finally {
      run.mockRestore();
    }
  });

  it('refuses a container without sound, and bytes dressed as another container', async () => {
    const silentFilm = ffmpegFile('v.webm', ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=5', '-c:v', 'libvpx']);
    expect(containerOf(silentFilm)).toBe('matroska');
    await expect(decodeAudio(silentFilm, 30)).rejects.toMatchObject({
      reason: 'not-audio',
      message: 'The recording could not be decoded as audio.',
    });
    // A real WAV whose first bytes claim FLAC: ffmpeg is told to read FLAC only, and does not guess.
    const wav = await espeakWav('hello');
    const dressed = Buffer.concat([Buffer.from('fLaC'), wav.subarray(4)]);
    await expect(decodeAudio(dressed, 30)).rejects.toMatchObject({ reason: 'not-audio' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(containerOf(png)).toBeUndefined();
    await expect(decodeAudio(png, 30)).rejects.toMatchObject({ message: expect.stringMatching(/^That is not a recording we can read/) });
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

describe('wavLayout (the one walk over a WAV, for uploads and for the embedded recogniser)', () => {
  const pcm = Buffer.alloc(8);
  pcm.writeInt16LE(16_384, 0);
  it('finds the format and the samples past other chunks, cut at the end of the bytes', () => {
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const wav = wavOf(pcm, 22_050);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    expect(wavLayout(withList)).toEqual({ format: 1, channels: 1, sampleRate: 22_050, bits: 16, dataStart: 56, dataEnd: 64 });
    expect(wavLayout(withList.subarray(0, 60))?.dataEnd).toBe(60);
    expect(samplesOfWav(withList)).toEqual({ samples: new Float32Array([0.5, 0, 0, 0]), sampleRate: 22_050 });
  });

  it('has nothing for samples before a format, a format cut short, or no samples; samplesOfWav says which', () => {
    const wav = wavOf(pcm);
    const dataFirst = Buffer.concat([wav.subarray(0, 12), wav.subarray(36), wav.subarray(12, 36)]);
    expect(wavLayout(dataFirst)).toBeUndefined();
    expect(wavLayout(wav.subarray(0, 30))).toBeUndefined();
    expect(wavLayout(wav.subarray(0, 36))).toBeUndefined();
    expect(() => samplesOfWav(dataFirst)).toThrow('not a WAV file with audio in it');
    const stereo = Buffer.from(wav);
    stereo.writeUInt16LE(2, 22);
    expect(() => samplesOfWav(stereo)).toThrow('must be 16-bit PCM mono WAV');
  });
});
