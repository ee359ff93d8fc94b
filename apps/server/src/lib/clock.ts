/** The time billing runs on. Real time in production; tests and the sandbox renewal command move it forward. */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}

export const DAY_MS = 86_400_000;

/** `at` plus n calendar months (UTC), clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(at: Date, n: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
