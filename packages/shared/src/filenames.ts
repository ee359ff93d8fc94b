// File names the server sends and the browser saves under; zod-free, so `@reverie/shared/filenames` stays light.

/** An ASCII file name from a character name: "Ilse Moreau", "png" → "ilse-moreau.png". */
export function cardFilename(name: string, ext: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${base || 'character'}.${ext}`;
}
