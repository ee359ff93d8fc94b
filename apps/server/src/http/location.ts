// Where the person making a request is: the one answer both age assurance (modules/age) and the crisis resources
// (modules/moderation, shown by chat and groups) read, so the two can never disagree (docs/compliance.md).
// 1. The country header the operator's CDN or proxy sets (GEO_COUNTRY_HEADER, with GEO_REGION_HEADER for the state),
//    believed only on a connection from a hop TRUST_PROXY trusts: a client reaching us directly could write any.
// 2. Otherwise the GeoIP database file (GEOIP_DATABASE_PATH), looked up by the client's address (`req.ip`, which
//    already follows TRUST_PROXY); loopback and private addresses are never looked up.
// 3. Otherwise unknown (null): each reader applies the operator's default (AGE_ASSURANCE_UNKNOWN; the general list).
import type { Config } from '../config.ts';
import type { GeoipDatabase, GeoLocation } from '../lib/geoip.ts';
import { trustedHop } from './trusted-hop.ts';

export interface Location extends GeoLocation {
  /** Which source answered: the trusted header or the database. */
  source: 'header' | 'geoip';
}

export interface LocatableRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
  /** The client's address as Fastify resolves it through TRUST_PROXY. */
  ip: string;
}

export type Locate = (req: LocatableRequest) => Location | null;

export interface LocatorOptions {
  trust: Config['trustProxy'];
  /** Lower case, as Node names request headers. */
  countryHeader: string;
  regionHeader: string | undefined;
  geoip: GeoipDatabase | undefined;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim().toUpperCase();

/**
 * What a trusted hop's headers say: a location, `tor` (Cloudflare's T1: the exit's country says nothing about the
 * person, so no database lookup either), or `absent` (no header, or a CDN's "unknown": XX, ZZ).
 */
function fromHeaders(req: LocatableRequest, o: LocatorOptions): GeoLocation | 'tor' | 'absent' {
  const value = one(req.headers[o.countryHeader]) ?? '';
  if (value === 'T1') return 'tor';
  // `GB`, or `US-TX` from a CDN that writes the subdivision into the country header.
  const m = /^([A-Z]{2})(?:[-_]([A-Z0-9]{1,3}))?$/.exec(value);
  const country = m?.[1];
  if (!m || !country || country === 'XX' || country === 'ZZ') return 'absent';
  const sub = (o.regionHeader ? one(req.headers[o.regionHeader]) : undefined) || m[2];
  return sub && /^[A-Z0-9]{1,3}$/.test(sub) ? { country, subdivision: sub } : { country };
}

/** The request's location by the precedence above; null when unknown. */
export function createLocator(o: LocatorOptions): Locate {
  const trusted = trustedHop(o.trust);
  return (req) => {
    if (trusted(req.socket?.remoteAddress)) {
      const said = fromHeaders(req, o);
      if (said === 'tor') return null;
      if (said !== 'absent') return { ...said, source: 'header' };
    }
    const found = o.geoip?.lookup(req.ip);
    return found ? { ...found, source: 'geoip' } : null;
  };
}
