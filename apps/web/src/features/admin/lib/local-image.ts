/**
 * The console loads nothing from other sites: an image is shown only when it is served by this server (`/media/…`).
 * User avatars from Google and the like are left out; initials stand in.
 */
export function localImage(url: string | null | undefined): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}
