// A recording as the server reads it without decoding (apps/server/src/providers/speech/audio.ts): 16 kHz mono
// 16-bit PCM in a WAV. The microphone's blocks (at the audio context's rate, usually 48 or 44.1 kHz) are averaged down
// to 16 kHz (each output sample is the mean of the input it spans, which also keeps what is above 8 kHz out) and
// written as little-endian samples after a 44-byte header. 16 kHz is what recognisers take; a 10-second utterance is
// 320 KB.

export const PCM_RATE = 16_000;

/** The samples of `blocks` (at `rate` Hz, -1…1) at 16 kHz as 16-bit integers. */
export function downsample(blocks: Float32Array[], rate: number): Int16Array {
  const total = blocks.reduce((n, b) => n + b.length, 0);
  const input = new Float32Array(total);
  let at = 0;
  for (const b of blocks) {
    input.set(b, at);
    at += b.length;
  }
  const step = rate / PCM_RATE;
  const out = new Int16Array(Math.floor(total / step));
  for (let i = 0; i < out.length; i++) {
    const from = Math.floor(i * step);
    const to = Math.max(from + 1, Math.floor((i + 1) * step));
    let sum = 0;
    for (let k = from; k < to; k++) sum += input[k]!;
    const v = Math.max(-1, Math.min(1, sum / (to - from)));
    out[i] = Math.round(v < 0 ? v * 0x8000 : v * 0x7fff);
  }
  return out;
}

/** `samples` (16 kHz) as a WAV file. */
export function wavBlob(samples: Int16Array): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const text = (at: number, s: string) => [...s].forEach((c, i) => header.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  header.setUint32(4, 36 + samples.byteLength, true);
  text(8, 'WAVEfmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, PCM_RATE, true);
  header.setUint32(28, PCM_RATE * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, 'data');
  header.setUint32(40, samples.byteLength, true);
  const body = new Int16Array(samples.length);
  body.set(samples);
  return new Blob([header.buffer, body.buffer], { type: 'audio/wav' });
}
