// A GeoIP database file the operator provides (GEOIP_DATABASE_PATH; MaxMind GeoLite2-City or -Country, or any MMDB
// file of that layout: `country.iso_code`, `subdivisions[0].iso_code`), read with the `maxmind` package. Opened once
// at start: a missing file or one that is not a MaxMind DB stops the server with a sentence naming it. Addresses that
// are not on the public internet (loopback, private, link-local, carrier-grade NAT…) are unknown without a lookup.
import { BlockList, isIP } from 'node:net';
import { open, type CityResponse } from 'maxmind';
import { StartupError } from './startup-error.ts';

/** A country (ISO 3166-1 alpha-2) and, when the database knows it, its first-level subdivision (`TX`, `ENG`). */
export interface GeoLocation {
  country: string;
  subdivision?: string;
}

export interface GeoipDatabase {
  /** Null when the address is not public, not in the database, or has no country there. */
  lookup(address: string): GeoLocation | null;
  /** `GeoLite2-City, built 2026-11-24`: for the log line at start. */
  readonly description: string;
}

/** Ranges that never locate anyone: a lookup of them could only surprise (a test network, a proxy's own address). */
const NOT_PUBLIC: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const notPublic = new BlockList();
for (const [net, bits, family] of NOT_PUBLIC) notPublic.addSubnet(net, bits, family);

/** `::ffff:81.2.69.160` (an IPv4 client on a dual-stack socket) as `81.2.69.160`; null for anything not an address. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  const version = isIP(plain);
  if (version === 0) return null;
  return { address: plain, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether an address is one a GeoIP database could place (not loopback, private, link-local, CGNAT, multicast…). */
export function isPublicAddress(address: string): boolean {
  const ip = normalise(address);
  return ip !== null && !notPublic.check(ip.address, ip.family);
}

const CODE = /^[A-Z]{2}$/;
const SUBDIVISION = /^[A-Z0-9]{1,3}$/;

export async function openGeoipDatabase(file: string): Promise<GeoipDatabase> {
  let reader: Awaited<ReturnType<typeof open<CityResponse>>>;
  try {
    reader = await open<CityResponse>(file);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new StartupError(`Invalid configuration: GEOIP_DATABASE_PATH ${file} could not be opened as a MaxMind DB file (${reason})`);
  }
  const { databaseType, buildEpoch } = reader.metadata;
  return {
    description: `${databaseType}, built ${buildEpoch.toISOString().slice(0, 10)}`,
    lookup(address) {
      const ip = normalise(address);
      if (!ip || notPublic.check(ip.address, ip.family)) return null;
      const found = reader.get(ip.address);
      // The country where the address is used; `registered_country` (where the block is registered) says nothing
      // about the person, so an entry without `country` is unknown.
      const country = found?.country?.iso_code?.toUpperCase();
      if (!country || !CODE.test(country)) return null;
      const subdivision = found?.subdivisions?.[0]?.iso_code?.toUpperCase();
      return subdivision && SUBDIVISION.test(subdivision) ? { country, subdivision } : { country };
    },
  };
}
