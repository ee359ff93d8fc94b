// Quiet hours: a daily window of local time in the user's own IANA time zone (22:00–07:00 spans midnight), during
// which nothing pushes. Pure, so a test can move the clock by passing another instant.

export interface QuietWindow {
  /** `HH:MM`, local to `timeZone`. */
  start: string;
  end: string;
  timeZone: string;
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since local midnight in `timeZone` at `at`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `at` falls inside the window (its start included, its end not). */
export function isQuiet(window: QuietWindow, at: Date): boolean {
  const now = localMinutes(at, window.timeZone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
