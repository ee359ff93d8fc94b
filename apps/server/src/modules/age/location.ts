// Where the viewer is, from the headers the operator's CDN or proxy sets (GEO_COUNTRY_HEADER, GEO_REGION_HEADER).
// A header is believed only when the connection comes from a proxy hop the operator trusts (TRUST_PROXY): a client
// that reaches the server directly could write any country it likes. No trusted header: the region is unknown, and
// AGE_ASSURANCE_UNKNOWN decides.
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config.ts';
import type { AgeConfig } from './age.config.ts';

/** `GB`, or `US-TX` when the state is known. */
export type Region = string;

/** The ranges proxy-addr (Fastify's trustProxy) names. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** The connection's peer is one of the configured proxies (a hop count trusts the peer: clients cannot reach us directly). */
export function trustedHop(trust: Config['trustProxy']): (peer: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, bits, family] of named) list.addSubnet(net, bits, family);
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (peer) => {
    if (!peer) return false;
    const address = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
    return family !== undefined && list.check(address, family);
  };
}

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
