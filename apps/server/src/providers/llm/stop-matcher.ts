// Applies stop sequences to streamed text: emits only text that cannot be the start of a stop sequence, and reports
// when one is found. Used for remote servers (OpenAI accepts at most 4 stop sequences; some servers ignore them).

export class StopMatcher {
  private pending = '';
  private readonly hold: number;
  stopped = false;

  constructor(private readonly stops: string[]) {
    this.stops = stops.filter((s) => s.length > 0);
    this.hold = Math.max(0, ...this.stops.map((s) => s.length - 1));
  }

  /** Feeds streamed text; returns the part that is safe to show now. */
  push(text: string): string {
    if (this.stopped) return '';
    this.pending += text;
    let cut = -1;
    for (const s of this.stops) {
      const i = this.pending.indexOf(s);
      if (i >= 0 && (cut < 0 || i < cut)) cut = i;
    }
    if (cut >= 0) {
      this.stopped = true;
      const out = this.pending.slice(0, cut);
      this.pending = '';
      return out;
    }
    // Keep back the longest tail that is a prefix of some stop sequence.
    let keep = 0;
    for (let n = Math.min(this.hold, this.pending.length); n > 0; n--) {
      const tail = this.pending.slice(-n);
      if (this.stops.some((s) => s.startsWith(tail))) {
        keep = n;
        break;
      }
    }
    const out = this.pending.slice(0, this.pending.length - keep);
    this.pending = this.pending.slice(this.pending.length - keep);
    return out;
  }

  /** The held-back text once the stream has ended without a stop. */
  flush(): string {
    const out = this.stopped ? '' : this.pending;
    this.pending = '';
    return out;
  }
}
