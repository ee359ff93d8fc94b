/** Leaves the app for another site. Its own module so tests can observe it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
