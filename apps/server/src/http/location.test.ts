// Where a request's person is (http/location.ts): the trusted header first, the GeoIP database by the client's
// address otherwise, unknown last; a header from a hop that is not trusted is never believed.
import { describe, expect, it } from 'vitest';
import type { GeoipDatabase } from '../lib/geoip.ts';
import { createLocator, type LocatableRequest } from './location.ts';

/** A database double that places one public address (the real reader is tested in lib/geoip.test.ts). */
const geoip: GeoipDatabase = {
  description: 'double',
  lookup: (address) => (address === '81.2.69.160' ? { country: 'GB', subdivision: 'ENG' } : null),
};

const PROXY = '10.0.0.2';
/** With the database double, or none (null: GEOIP_DATABASE_PATH unset). */
const locator = (db: GeoipDatabase | null = geoip) =>
  createLocator({ trust: [PROXY], countryHeader: 'cf-ipcountry', regionHeader: 'cf-region-code', geoip: db ?? undefined });
const request = (headers: LocatableRequest['headers'], peer: string, ip: string): LocatableRequest => ({
  headers,
  socket: { remoteAddress: peer },
  ip,
});

describe('createLocator', () => {
  it('believes the country header from a trusted hop first, with the state, over the database', () => {
    const locate = locator();
    expect(locate(request({ 'cf-ipcountry': 'us', 'cf-region-code': 'tx' }, PROXY, '81.2.69.160'))).toEqual({
      country: 'US',
      subdivision: 'TX',
      source: 'header',
    });
    expect(locate(request({ 'cf-ipcountry': 'US-CA' }, PROXY, '81.2.69.160'))).toEqual({
      country: 'US',
      subdivision: 'CA',
      source: 'header',
    });
    expect(locate(request({ 'cf-ipcountry': ['FR', 'DE'] }, PROXY, '81.2.69.160'))).toEqual({ country: 'FR', source: 'header' });
  });

  it('looks the client address up when no trusted header says where it is (absent, unknown, unreadable, untrusted)', () => {
    const locate = locator();
    const fromDb = { country: 'GB', subdivision: 'ENG', source: 'geoip' };
    expect(locate(request({}, PROXY, '81.2.69.160'))).toEqual(fromDb);
    for (const value of ['XX', 'ZZ', '<script>', '']) {
      expect(locate(request({ 'cf-ipcountry': value }, PROXY, '81.2.69.160')), value).toEqual(fromDb);
    }
    // A client reaching us directly writes any country it likes: ignored, its own address is looked up.
    expect(locate(request({ 'cf-ipcountry': 'US', 'cf-region-code': 'CA' }, '81.2.69.160', '81.2.69.160'))).toEqual(fromDb);
  });

  it('is unknown for Tor (T1), for an address the database does not place, and without a database', () => {
    expect(locator()(request({ 'cf-ipcountry': 'T1' }, PROXY, '81.2.69.160'))).toBeNull();
    expect(locator()(request({}, PROXY, '5.5.5.5'))).toBeNull();
    expect(locator(null)(request({}, PROXY, '81.2.69.160'))).toBeNull();
    expect(locator(null)(request({ 'cf-ipcountry': 'GB' }, '81.2.69.160', '81.2.69.160'))).toBeNull();
  });
});
