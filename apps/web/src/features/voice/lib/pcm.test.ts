import { describe, expect, it } from 'vitest';
import { downsample, PCM_RATE, wavBlob } from './pcm';

const sine = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

describe('downsample', () => {
  it('keeps the length and the tone of a 48 kHz and a 44.1 kHz recording, across blocks', () => {
    for (const rate of [48_000, 44_100]) {
      const tone = sine(440, rate, 1);
      const blocks = [tone.subarray(0, 2048), tone.subarray(2048, 5000), tone.subarray(5000)];
      const out = downsample(blocks, rate);
      expect(out.length).toBe(PCM_RATE);
      // Sample i at 16 kHz is (nearly) the tone at the middle of the input it spans: averaging over ~1/16 ms barely
      // moves a 440 Hz tone.
      for (const i of [0, 123, 4000, 15_999]) {
        const t = ((i + 0.5) * rate) / PCM_RATE - 0.5;
        const expected = 0.5 * Math.sin((2 * Math.PI * 440 * t) / rate) * 0x7fff;
        expect(Math.abs(out[i]! - expected)).toBeLessThan(0.02 * 0x7fff);
      }
    }
  });

  it('averages away what 16 kHz cannot hold, and clips what is too loud', () => {
    const high = downsample([sine(12_000, 48_000, 0.1)], 48_000);
    expect(Math.max(...Array.from(high, Math.abs))).toBeLessThan(0.2 * 0x7fff);
    expect(Array.from(downsample([new Float32Array([3, 3, 3, -3, -3, -3])], 48_000))).toEqual([0x7fff, -0x8000]);
  });
});

describe('wavBlob', () => {
  it('writes a 16 kHz mono 16-bit WAV whose samples are the ones given', async () => {
    const blob = wavBlob(Int16Array.from([1, -2, 32767, -32768]));
    expect(blob.type).toBe('audio/wav');
    const view = new DataView(await blob.arrayBuffer());
    const text = (at: number) => String.fromCharCode(...new Uint8Array(view.buffer, at, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([
      1, 1, 16_000, 16,
    ]);
    expect(view.getUint32(40, true)).toBe(8);
    expect(view.getUint32(4, true)).toBe(view.byteLength - 8);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true), view.getInt16(50, true)]).toEqual([
      1, -2, 32767, -32768,
    ]);
  });
});
