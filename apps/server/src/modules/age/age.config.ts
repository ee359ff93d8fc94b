// Age-assurance settings (AGE_ASSURANCE_*, GEO_*, GEOIP_*, VERIFF_*): which regions require a check, where the viewer
// is (read by http/location.ts, for the crisis resources too), and which provider checks. docs/compliance.md says
// which law each default region stands for.
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error.ts';

/**
 * Regions whose rules, as of 2026-11, require more than "I am 18" before sexual content (docs/compliance.md has the
 * law behind each): the UK, Ireland, France, Germany, Italy and the rest of the EU (the DSA's Article 28 guidelines),
 * Australia, Brazil, and the US states with age-verification laws for sexual content.
 */
export const DEFAULT_AGE_REGIONS = [
  'GB', 'IE', 'FR', 'DE', 'IT', 'ES', 'PT', 'NL', 'BE', 'LU', 'AT', 'DK', 'SE', 'FI', 'PL', 'CZ', 'SK', 'HU', 'SI',
  'HR', 'RO', 'BG', 'GR', 'CY', 'MT', 'EE', 'LV', 'LT', 'AU', 'BR',
  'US-LA', 'US-UT', 'US-MS', 'US-VA', 'US-AR', 'US-TX', 'US-MT', 'US-NC', 'US-IN', 'US-ID', 'US-FL', 'US-KS', 'US-KY',
  'US-NE', 'US-OK', 'US-AL', 'US-SC', 'US-TN', 'US-GA', 'US-SD', 'US-WY', 'US-ND', 'US-AZ', 'US-MO', 'US-OH',
]; // prettier-ignore

const REGION = /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/;

export const AgeEnvSchema = z.object({
  /** `sandbox`: our own test-mode check page (anyone can pass); `veriff`: Veriff identity verification. */
  AGE_ASSURANCE_PROVIDER: z.enum(['sandbox', 'veriff']).default('sandbox'),
  /** Comma-separated countries (GB) and US states (US-TX) that require age assurance; `*`: everywhere; empty: nowhere. */
  AGE_ASSURANCE_REGIONS: z.string().optional(),
  /** Where the region is unknown: `required` (default with NODE_ENV=production) or `open` (default otherwise). */
  AGE_ASSURANCE_UNKNOWN: z.enum(['required', 'open']).optional(),
  /** The header the operator's CDN or proxy sets to the viewer's country (ISO 3166-1 alpha-2); believed only from TRUST_PROXY hops. */
  GEO_COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /** The header with the viewer's subdivision (a US state: TX); empty: none. */
  GEO_REGION_HEADER: z.string().default('cf-region-code'),
  /** A MaxMind DB file (GeoLite2-City or -Country) locating clients by address when no trusted header says where they are. */
  GEOIP_DATABASE_PATH: z.string().optional(),
  VERIFF_API_KEY: z.string().optional(),
  VERIFF_SHARED_SECRET: z.string().optional(),
  /** Veriff's API origin, overridable only to test against a local server that speaks it. */
  VERIFF_API_URL: z.string().url().default('https://stationapi.veriff.com'),
});

export interface AgeConfig {
  provider: 'sandbox' | 'veriff';
  /** Listed regions (GB, US-TX) and `*`. */
  regions: Set<string>;
  unknown: 'required' | 'open';
  countryHeader: string;
  regionHeader: string | undefined;
  /** GEOIP_DATABASE_PATH: opened once at start by the composition root (lib/geoip.ts). */
  geoipDatabase: string | undefined;
  veriff: { apiKey: string; sharedSecret: string; apiUrl: string } | undefined;
}

function parseRegions(value: string | undefined): Set<string> {
  if (value === undefined) return new Set(DEFAULT_AGE_REGIONS);
  const out = new Set<string>();
  for (const raw of value.split(',')) {
    const entry = raw.trim().toUpperCase();
    if (!entry) continue;
    if (entry !== '*' && !REGION.test(entry)) {
      throw new StartupError(`Invalid configuration: AGE_ASSURANCE_REGIONS: "${raw.trim()}" is not a country (GB), a state (US-TX) or *`);
    }
    out.add(entry);
  }
  return out;
}

export function ageConfigFromEnv(e: z.infer<typeof AgeEnvSchema>, env: 'development' | 'production' | 'test'): AgeConfig {
  let veriff: AgeConfig['veriff'];
  if (e.AGE_ASSURANCE_PROVIDER === 'veriff') {
    if (!e.VERIFF_API_KEY || !e.VERIFF_SHARED_SECRET) {
      throw new StartupError('Invalid configuration: AGE_ASSURANCE_PROVIDER=veriff needs VERIFF_API_KEY and VERIFF_SHARED_SECRET');
    }
    veriff = { apiKey: e.VERIFF_API_KEY, sharedSecret: e.VERIFF_SHARED_SECRET, apiUrl: e.VERIFF_API_URL.replace(/\/$/, '') };
  }
  return {
    provider: e.AGE_ASSURANCE_PROVIDER,
    regions: parseRegions(e.AGE_ASSURANCE_REGIONS),
    unknown: e.AGE_ASSURANCE_UNKNOWN ?? (env === 'production' ? 'required' : 'open'),
    countryHeader: e.GEO_COUNTRY_HEADER.trim().toLowerCase(),
    regionHeader: e.GEO_REGION_HEADER.trim().toLowerCase() || undefined,
    geoipDatabase: e.GEOIP_DATABASE_PATH?.trim() || undefined,
    veriff,
  };
}
