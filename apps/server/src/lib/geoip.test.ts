// The GeoIP database file (GEOIP_DATABASE_PATH) read with the real `maxmind` reader, from a small MMDB file the test
// writer makes (test/mmdb-writer.ts): countries and states by address, addresses that are not public are unknown
// without a lookup, and a missing or malformed file is a startup error that names it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { open } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { cityRecord, encodeValue, writeMmdb } from '../../test/mmdb-writer.ts';
import { isPublicAddress, openGeoipDatabase } from './geoip.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'reverie-geoip-'));
const file = (name: string, content: Buffer | string) => {
  const full = path.join(dir, name);
  writeFileSync(full, content);
  return full;
};

const networks = [
  { network: '81.2.69.0/24', data: cityRecord('GB', 'ENG') },
  { network: '8.8.8.0/24', data: cityRecord('US', 'TX') },
  { network: '1.128.0.0/11', data: cityRecord('AU') },
  // A block known only by where it is registered: says nothing about where the person is.
  { network: '203.0.113.0/24', data: { registered_country: { iso_code: 'JP' } } },
  // Would place private addresses, if they were ever looked up.
  { network: '10.0.0.0/8', data: cityRecord('FR') },
  { network: '192.168.0.0/16', data: cityRecord('FR') },
];

describe('the test MMDB writer, read by the maxmind package', () => {
  it('writes a tree and records the real reader finds, with their prefixes and the metadata', async () => {
    const reader = await open(file('city.mmdb', writeMmdb(networks, { buildEpoch: 1_764_000_000 })));
    expect(reader.metadata).toMatchObject({ ipVersion: 6, recordSize: 24, databaseType: 'Reverie-Test-City' });
    expect(reader.metadata.buildEpoch.toISOString()).toBe('2025-11-24T16:00:00.000Z');
    expect(reader.getWithPrefixLength('81.2.69.160')).toEqual([cityRecord('GB', 'ENG'), 24]);
    expect(reader.get('1.159.255.255')).toEqual(cityRecord('AU'));
    expect(reader.get('1.160.0.0')).toBeNull();
    expect(reader.get('81.2.70.1')).toBeNull();
  });

  it('encodes sizes past one byte (long strings) and refuses overlapping networks', async () => {
    const long = 'x'.repeat(70_000);
    const reader = await open(file('long.mmdb', writeMmdb([{ network: '9.9.9.0/24', data: { a: long, b: 'y'.repeat(300) } }])));
    expect(reader.get('9.9.9.9')).toEqual({ a: long, b: 'y'.repeat(300) });
    expect(encodeValue('ab')).toEqual(Buffer.from([0x42, 0x61, 0x62]));
    expect(() => writeMmdb([networks[0]!, { network: '81.2.69.128/25', data: {} }])).toThrow(/overlaps/);
  });
});

describe('openGeoipDatabase', () => {
  it('locates a public address by country and subdivision, from the country where the address is used', async () => {
    const geoip = await openGeoipDatabase(file('geo.mmdb', writeMmdb(networks, { buildEpoch: 1_764_000_000 })));
    expect(geoip.description).toBe('Reverie-Test-City, built 2025-11-24');
    expect(geoip.lookup('81.2.69.160')).toEqual({ country: 'GB', subdivision: 'ENG' });
    expect(geoip.lookup('::ffff:8.8.8.8')).toEqual({ country: 'US', subdivision: 'TX' });
    expect(geoip.lookup('1.130.0.1')).toEqual({ country: 'AU' });
    expect(geoip.lookup('203.0.113.9')).toBeNull();
    expect(geoip.lookup('5.5.5.5')).toBeNull();
    expect(geoip.lookup('2001:db8::1')).toBeNull();
    expect(geoip.lookup('not an address')).toBeNull();
  });

  it('never looks up an address that is not on the public internet', async () => {
    const geoip = await openGeoipDatabase(file('geo2.mmdb', writeMmdb(networks)));
    for (const address of ['10.1.2.3', '192.168.1.10', '127.0.0.1', '::1', '::ffff:10.0.0.1', '100.64.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(geoip.lookup(address), address).toBeNull();
    }
    expect(isPublicAddress('81.2.69.160')).toBe(true);
    expect(isPublicAddress('2a00:1450::1')).toBe(true);
  });

  it('stops the start with a sentence naming the file when it is missing or not a MaxMind DB', async () => {
    const missing = path.join(dir, 'GeoLite2-City.mmdb');
    await expect(openGeoipDatabase(missing)).rejects.toThrow(
      `Invalid configuration: GEOIP_DATABASE_PATH ${missing} could not be opened as a MaxMind DB file (no such file)`,
    );
    const text = file('notes.mmdb', 'country,code\nGB,United Kingdom\n');
    await expect(openGeoipDatabase(text)).rejects.toThrow(new RegExp(`GEOIP_DATABASE_PATH ${text} could not be opened as a MaxMind DB`));
    await expect(openGeoipDatabase(dir)).rejects.toThrow(/GEOIP_DATABASE_PATH .* could not be opened as a MaxMind DB file \(.*EISDIR/);
  });
});
