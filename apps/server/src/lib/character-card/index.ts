/**
 * Character Card V1/V2/V3 (https://github.com/malfoyslastname/character-card-spec-v2,
 * https://github.com/kwaroran/character-card-spec-v3). Import: `parseCard(bytes, filename)` → card, report and,
 * for PNGs, the image; a `CardError` carries `code`, a readable `message`, `issues` and the HTTP `status` to answer
 * with. Export: `exportCardJson(card)` / `exportCardPng(card, png)`. Check imported text with
 * `cardModerationFields(card)` + `checkContent` before storing anything.
 */
export { parseCard, exportCardJson, exportCardPng, exportCardV2, exportCardV3, describeJsonError, type CardOptions } from './card.ts';
export { CardError, type CardErrorCode, type CardFieldIssue } from './errors.ts';
export { CARD_LIMITS, type CardLimits } from './limits.ts';
export { mapCardObject, V2_BACKFILL_NOTE, REVERIE_EXTENSION } from './map.ts';
export { validateCard } from './validate.ts';
export { readPngChunks, readPngText, rewritePngText, textChunk, encodeChunk, isPng, PNG_SIGNATURE } from './png.ts';
export type { CardAsset, CardBook, CardBookEntry, CardCharacter, CardImportReport, CardLayout, ParsedCard, JsonObject } from './types.ts';
export { cardModerationFields } from './moderation-fields.ts';
export {
  parseCharx,
  writeCharx,
  looksLikeCharx,
  embeddedPath,
  safeAssetPath,
  sanitiseAssetUris,
  CHARX_LIMITS,
  type CharxAsset,
  type CharxFile,
  type ParsedCharx,
} from './charx.ts';
