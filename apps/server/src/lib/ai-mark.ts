// The machine-readable "made by AI" mark every stored picture carries (EU AI Act Article 50): IPTC's
// DigitalSourceType in the file's XMP packet, which exiftool, Adobe tools and the big platforms read. Our own
// re-encoding writes it (providers/images/normalize.ts for generated pictures; lib/images.ts keeps a mark a portrait already carries) into the full picture and its thumbnail; the gallery serves those bytes as they
// are, so a downloaded picture keeps it. See docs/images.md#the-ai-mark.

/** IPTC digital source types we use: a model made it, or our own code drew it without a trained model (seed art). */
export type DigitalSourceType = 'trainedAlgorithmicMedia' | 'algorithmicMedia';

export const IPTC_SOURCE_TYPE_BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** The XMP packet naming the picture's digital source type and the software that stored it. */
export function aiMarkXmp(source: DigitalSourceType): string {
  return [
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<Iptc4xmpExt:DigitalSourceType>${IPTC_SOURCE_TYPE_BASE}${source}</Iptc4xmpExt:DigitalSourceType>`,
    '<xmp:CreatorTool>Reverie</xmp:CreatorTool>',
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');
}

/** The source type written in a picture's XMP packet (element or attribute form), or undefined when it has none. */
export function readDigitalSourceType(xmp: Buffer | string | undefined): string | undefined {
  const text = typeof xmp === 'string' ? xmp : xmp?.toString('utf8');
  const m = text?.match(/Iptc4xmpExt:DigitalSourceType(?:>|=")([^<"]+)/);
  return m?.[1]?.trim();
}

/** Our mark for a picture whose metadata says a model made it (any IPTC AI source type), else undefined. */
export function keptAiMark(xmp: Buffer | string | undefined): string | undefined {
  const source = readDigitalSourceType(xmp);
  if (!source?.startsWith(IPTC_SOURCE_TYPE_BASE)) return undefined;
  const kind = source.slice(IPTC_SOURCE_TYPE_BASE.length);
  if (kind === 'trainedAlgorithmicMedia' || kind === 'compositeWithTrainedAlgorithmicMedia') return aiMarkXmp('trainedAlgorithmicMedia');
  if (kind === 'algorithmicMedia') return aiMarkXmp('algorithmicMedia');
  return undefined;
}
