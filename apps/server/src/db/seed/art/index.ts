/**
 * Seed illustrations: deterministic layered SVG portraits drawn from an `Appearance`, rendered to WebP with sharp.
 * No fonts, no external assets: every shape is generated here.
 */
export { renderAvatar, renderBanner, renderPortrait, renderScene } from './render.ts';
export { AVATAR, BANNER, PORTRAIT, SCENE_VARIANTS, avatarSvg, bannerSvg, portraitSvg, sceneSvg, validateAppearance } from './compose.ts';
export { BACKDROPS } from './backdrops.ts';
export { FEATURES } from './figure.ts';
export { HAIR_STYLES } from './hair.ts';
export { OUTFITS } from './outfit.ts';
