// Where the viewer is, from the headers the operator's CDN or proxy sets (GEO_COUNTRY_HEADER, GEO_REGION_HEADER).
// A header is believed only when the connection comes from a proxy hop the operator trusts (TRUST_PROXY): a client
// that reaches the server directly could write any country it likes. No trusted header: the region is unknown, and
// AGE_ASSURANCE_UNKNOWN decides.
import type { Config } from '../../config.ts';
import { trustedHop } from '../../http/trusted-hop.ts';
import type { AgeConfig } from './age.config.ts';

/** `GB`, or `US-TX` when the state is known. */
export type Region = string;

type Headers = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim().toUpperCase();

/** Reads the region from a request's headers and peer address; null when unknown or not from a trusted hop. */
export function regionLocator(age: Pick<AgeConfig, 'countryHeader' | 'regionHeader'>, trust: Config['trustProxy']) {
  const trusted = trustedHop(trust);
  return (req: { headers: Headers; socket?: { remoteAddress?: string } }): Region | null => {
    if (!trusted(req.socket?.remoteAddress)) return null;
    const country = one(req.headers[age.countryHeader]);
    // Cloudflare answers XX for unknown and T1 for Tor: unknown, like a missing header.
    if (!country || !/^[A-Z]{2}$/.test(country) || country === 'XX' || country === 'T1') return null;
    const sub = age.regionHeader ? one(req.headers[age.regionHeader]) : undefined;
    return sub && /^[A-Z0-9]{1,3}$/.test(sub) ? `${country}-${sub}` : country;
  };
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
