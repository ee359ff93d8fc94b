// Where a person in crisis can turn, by country (ISO 3166-1 alpha-2), shown in the chat when the crisis detector
// notices a message (docs/compliance.md "Crisis protocol"). The defaults are free, confidential services that answer
// at any hour as of 2026; an operator adds or replaces countries with CRISIS_RESOURCES_FILE (the same JSON shape)
// and should check the list for the countries they serve. `*` is the general list for an unknown country.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error.ts';

export interface CrisisResource {
  name: string;
  contact: string;
  url?: string;
}

export type CrisisResources = Record<string, CrisisResource[]>;

const SAMARITANS: CrisisResource = { name: 'Samaritans', contact: 'Call 116 123 (free, any time)', url: 'https://www.samaritans.org' };
const FIND_A_HELPLINE: CrisisResource = {
  name: 'Find A Helpline',
  contact: 'Free, confidential helplines in more than 130 countries',
  url: 'https://findahelpline.com',
};

export const DEFAULT_CRISIS_RESOURCES: CrisisResources = {
  US: [{ name: '988 Suicide & Crisis Lifeline', contact: 'Call or text 988, or chat online', url: 'https://988lifeline.org' }],
  CA: [{ name: '9-8-8 Suicide Crisis Helpline', contact: 'Call or text 988', url: 'https://988.ca' }],
  GB: [SAMARITANS, { name: 'Shout', contact: 'Text SHOUT to 85258', url: 'https://giveusashout.org' }],
  IE: [SAMARITANS, { name: 'Text About It', contact: 'Text HELLO to 50808', url: 'https://www.textaboutit.ie' }],
  AU: [{ name: 'Lifeline', contact: 'Call 13 11 14 or text 0477 13 11 14', url: 'https://www.lifeline.org.au' }],
  NZ: [{ name: 'Need to talk?', contact: 'Call or text 1737', url: 'https://1737.org.nz' }],
  DE: [
    {
      name: 'TelefonSeelsorge',
      contact: 'Anruf 0800 111 0 111 oder 0800 111 0 222 (kostenlos, rund um die Uhr)',
      url: 'https://www.telefonseelsorge.de',
    },
  ],
  AT: [{ name: 'Telefonseelsorge', contact: 'Anruf 142 (kostenlos, rund um die Uhr)', url: 'https://www.telefonseelsorge.at' }],
  CH: [{ name: 'Die Dargebotene Hand / La Main Tendue', contact: 'Anruf / appel 143', url: 'https://www.143.ch' }],
  FR: [{ name: '3114 – Numéro national de prévention du suicide', contact: 'Appelez le 3114 (gratuit, 24 h/24)', url: 'https://3114.fr' }],
  BE: [
    { name: 'Centre de Prévention du Suicide', contact: 'Appelez le 0800 32 123', url: 'https://www.preventionsuicide.be' },
    { name: 'Zelfmoordlijn', contact: 'Bel 1813', url: 'https://www.zelfmoord1813.be' },
  ],
  NL: [{ name: '113 Zelfmoordpreventie', contact: 'Bel 113 of 0800-0113', url: 'https://www.113.nl' }],
  ES: [
    {
      name: 'Línea 024 de atención a la conducta suicida',
      contact: 'Llama al 024 (gratis, 24 horas)',
      url: 'https://www.sanidad.gob.es/linea024',
    },
  ],
  MX: [{ name: 'Línea de la Vida', contact: 'Llama al 800 911 2000', url: 'https://www.gob.mx/salud/conadic' }],
  IT: [{ name: 'Telefono Amico Italia', contact: 'Chiama lo 02 2327 2327', url: 'https://www.telefonoamico.it' }],
  PT: [{ name: 'SOS Voz Amiga', contact: 'Ligue 213 544 545', url: 'https://www.sosvozamiga.org' }],
  BR: [{ name: 'CVV – Centro de Valorização da Vida', contact: 'Ligue 188 (gratuito, 24 horas)', url: 'https://cvv.org.br' }],
  '*': [
    FIND_A_HELPLINE,
    SAMARITANS,
    { name: '988 Suicide & Crisis Lifeline (US)', contact: 'Call or text 988', url: 'https://988lifeline.org' },
  ],
};

const ResourceFile = z.record(
  z.string().regex(/^(?:[A-Z]{2}|\*)$/, 'keys are two-letter country codes or *'),
  z
    .array(
      z.object({
        name: z.string().min(1).max(120),
        contact: z.string().min(1).max(200),
        url: z.url().max(300).optional(),
      }),
    )
    .min(1)
    .max(8),
);

/** The defaults with the file's countries added or replaced (a malformed file stops the start, naming it). */
export function loadCrisisResources(file: string | undefined): CrisisResources {
  if (!file) return DEFAULT_CRISIS_RESOURCES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new StartupError(`Invalid configuration: CRISIS_RESOURCES_FILE ${file} could not be read as JSON (${(err as Error).message})`);
  }
  const result = ResourceFile.safeParse(parsed);
  if (!result.success) {
    throw new StartupError(
      `Invalid configuration: CRISIS_RESOURCES_FILE ${file}: ${result.error.issues[0]?.message ?? 'not a resource list'}`,
    );
  }
  return { ...DEFAULT_CRISIS_RESOURCES, ...result.data };
}
