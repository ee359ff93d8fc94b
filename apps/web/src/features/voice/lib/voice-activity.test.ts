import { describe, expect, it } from 'vitest';
import { rmsLevel, VoiceActivity } from './voice-activity';

/** Feeds `ms` of a level in 30 ms frames; returns the events that came, with the time they came at. */
function feed(vad: VoiceActivity, level: number, ms: number, clock: { t: number }, out: string[]) {
  for (let end = clock.t + ms; clock.t < end; clock.t += 30) {
    const e = vad.push(level, 30);
    if (e) out.push(`${e}@${clock.t + 30}`);
  }
}

describe('VoiceActivity', () => {
  it('hears an utterance start after 120 ms of speech and end after 900 ms of silence, not at a short pause', () => {
    const vad = new VoiceActivity();
    const clock = { t: 0 };
    const events: string[] = [];
    feed(vad, 0.002, 600, clock, events); // a quiet room
    feed(vad, 0.12, 1200, clock, events); // words
    feed(vad, 0.002, 300, clock, events); // a pause between words
    feed(vad, 0.1, 600, clock, events);
    feed(vad, 0.002, 1500, clock, events);
    expect(events).toEqual(['start@720', 'end@3600']);
    expect(vad.active).toBe(false);
  });

  it('ignores a click shorter than the start time', () => {
    const vad = new VoiceActivity();
    const clock = { t: 0 };
    const events: string[] = [];
    feed(vad, 0.002, 300, clock, events);
    feed(vad, 0.5, 60, clock, events);
    feed(vad, 0.002, 1000, clock, events);
    expect(events).toEqual([]);
  });

  it('follows a noisy room: the threshold rises with the floor, so steady noise is not speech but louder words are', () => {
    const vad = new VoiceActivity();
    const clock = { t: 0 };
    const events: string[] = [];
    // Noise under the starting threshold (0.01) raises the floor, and with it the threshold, until it stays quiet.
    feed(vad, 0.009, 3000, clock, events);
    expect(vad.threshold).toBeGreaterThan(0.02);
    feed(vad, 0.011, 1000, clock, events);
    expect(events).toEqual([]);
    feed(vad, 0.2, 500, clock, events);
    expect(events).toEqual([expect.stringMatching(/^start@/)]);
  });

  it('measures RMS', () => {
    expect(rmsLevel(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsLevel(new Float32Array(0))).toBe(0);
  });
});
