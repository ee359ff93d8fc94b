// The viewer's region for age assurance, from where the request is (http/location.ts: the trusted CDN header, else
// the GeoIP database file, else unknown). Unknown: AGE_ASSURANCE_UNKNOWN decides.
import type { Location } from '../../http/location.ts';
import type { AgeConfig } from './age.config.ts';

/** `GB`, or `US-TX` when the state is known. */
export type Region = string;

/** A location as a region: the country, with its first-level subdivision when known (`US-TX`, `GB-ENG`). */
export function regionOf(location: Location | null): Region | null {
  if (!location) return null;
  return location.subdivision ? `${location.country}-${location.subdivision}` : location.country;
}

/**
 * Whether the rules ask for age assurance in a region: listed (the country, or the country-state), `*`, or unknown
 * with AGE_ASSURANCE_UNKNOWN=required. A country some of whose states are listed (US) without a known state counts
 * as unknown: the protective reading.
 */
export function assuranceRequired(rules: Pick<AgeConfig, 'regions' | 'unknown'>, region: Region | null): boolean {
  if (rules.regions.has('*')) return true;
  if (region === null) return rules.unknown === 'required';
  const [country = ''] = region.split('-');
  if (rules.regions.has(region) || rules.regions.has(country)) return true;
  const statesListed = [...rules.regions].some((r) => r.startsWith(`${country}-`));
  if (statesListed && region === country) return rules.unknown === 'required';
  return false;
}
