// Voice activity detection for hands-free speech: whether someone is speaking, from the loudness of the microphone
// (its RMS level, read every few tens of milliseconds). Speech starts when the level stays above the threshold for
// `startMs`, and ends when it stays below it for `endMs` (a pause inside a sentence is shorter). The threshold follows
// the room: a multiple of the noise floor, which is learnt from the frames that are not speech, and never below
// `minLevel`. Pure: the browser's audio graph feeds it (use-hands-free.ts); tests feed it numbers.

export interface VoiceActivityOptions {
  /** Speech this long above the threshold starts an utterance. */
  startMs: number;
  /** Silence this long ends it. */
  endMs: number;
  /** The threshold is never below this RMS level (about -40 dBFS). */
  minLevel: number;
  /** The threshold is this many times the noise floor. */
  ratio: number;
}

export const VOICE_ACTIVITY: VoiceActivityOptions = { startMs: 120, endMs: 900, minLevel: 0.01, ratio: 3 };

export type VoiceEvent = 'start' | 'end' | null;

export class VoiceActivity {
  private floor: number;
  private speaking = false;
  /** How long the level has been on the other side of the threshold from the current state. */
  private run = 0;

  constructor(private readonly options: VoiceActivityOptions = VOICE_ACTIVITY) {
    this.floor = options.minLevel / options.ratio;
  }

  get active(): boolean {
    return this.speaking;
  }

  /** The level the speech must pass now. */
  get threshold(): number {
    return Math.max(this.options.minLevel, this.floor * this.options.ratio);
  }

  /** One frame's RMS level and how long it lasted: 'start' or 'end' when an utterance starts or ends with it. */
  push(level: number, frameMs: number): VoiceEvent {
    const loud = level >= this.threshold;
    // The floor learns from quiet frames only, slowly, so a word does not raise it.
    if (!loud) this.floor = this.floor * 0.95 + level * 0.05;
    if (loud === this.speaking) {
      this.run = 0;
      return null;
    }
    this.run += frameMs;
    if (this.run < (this.speaking ? this.options.endMs : this.options.startMs)) return null;
    this.speaking = loud;
    this.run = 0;
    return loud ? 'start' : 'end';
  }
}

/** The RMS level of a frame of samples in [-1, 1]. */
export function rmsLevel(samples: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}
