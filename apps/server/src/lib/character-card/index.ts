export { parseCard, exportCardJson, exportCardPng, exportCardV2, type CardOptions } from './card.ts';
export { CardError, type CardErrorCode, type CardFieldIssue } from './errors.ts';
export { CARD_LIMITS, type CardLimits } from './limits.ts';
export { mapCardObject, V2_BACKFILL_NOTE, REVERIE_EXTENSION } from './map.ts';
export { validateCard } from './validate.ts';
export { readPngChunks, readPngText, rewritePngText, textChunk, encodeChunk, isPng, PNG_SIGNATURE } from './png.ts';
export type { CardAsset, CardBook, CardBookEntry, CardCharacter, CardImportReport, ParsedCard, JsonObject } from './types.ts';
export { cardModerationFields } from './moderation-fields.ts';
