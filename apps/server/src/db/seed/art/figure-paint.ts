// The figure's two brushes, shared by the face, the body and what is worn on the head.
import { f } from './svg.ts';

/** A part of the figure: its markup, and the path data it adds to the silhouette (for rim light and silhouettes). */
export interface Part {
  svg: string;
  outline: string;
}

export const path = (d: string, fill: string, op = 1, extra = '') =>
  `<path d="${d}" fill="${fill}"${op < 1 ? ` fill-opacity="${op}"` : ''}${extra}/>`;
export const line = (d: string, c: string, w: number, op = 1) =>
  `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(w)}"${op < 1 ? ` stroke-opacity="${op}"` : ''} stroke-linecap="round" stroke-linejoin="round"/>`;
