// Where the user is, from a GeoIP database file (GEOIP_DATABASE_PATH, issue #44): a client placed in a listed region
// by its address is asked for age assurance and one placed in an unlisted region is not; a trusted country header
// overrides the database; the crisis resources follow the same location (Samaritans for a GB address); private
// addresses are never looked up; unknown follows the operator's default; a bad file stops the start.
import type { ChatReply } from '@reverie/shared';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/helpers.ts';
import { cityRecord, writeMmdb } from '../../test/mmdb-writer.ts';
import type { OpenAiPeer } from '../../test/openai-peer.ts';
import { peerChatApp } from '../../test/peer-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'reverie-geoip-routes-'));
const database = path.join(dir, 'GeoLite2-City.mmdb');
writeFileSync(
  database,
  writeMmdb([
    { network: '81.2.69.0/24', data: cityRecord('GB', 'ENG') },
    { network: '8.8.8.0/24', data: cityRecord('US', 'CA') },
    { network: '9.9.9.0/24', data: cityRecord('US', 'TX') },
    // Private ranges placed in a listed country: a lookup of them would show here.
    { network: '10.0.0.0/8', data: cityRecord('GB') },
    { network: '192.168.0.0/16', data: cityRecord('GB') },
  ]),
);

/** The proxy in front (app.inject's loopback address, trusted) says who its client is. */
const via = (client: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': client, ...headers });

let t: TestApp;
let peer: OpenAiPeer;
let owner: BuiltUser;
let nsfwId: string;
let characterId: string;

beforeAll(async () => {
  // Unknown regions open (the development default), so "asked" can only come from a located, listed region.
  ({ t, peer } = await peerChatApp(
    'geoip',
    { chatMessage: 1, dailyFreeMessages: 1000 },
    { GEOIP_DATABASE_PATH: database, TRUST_PROXY: 'loopback', AGE_ASSURANCE_REGIONS: 'GB,US-TX', AGE_ASSURANCE_UNKNOWN: 'open' },
  ));
  peer.behave({ kind: 'reply', parts: ['I hear you.'] });
  owner = await buildUser(t);
  nsfwId = (await buildCharacter(t, owner, { nsfw: true, name: 'Velvet Night' })).id;
  characterId = (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const get = (u: BuiltUser, url: string, headers: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...u.auth, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
const assurance = async (u: BuiltUser, headers: Record<string, string>, remoteAddress?: string) =>
  (await get(u, '/api/age-assurance', headers, remoteAddress)).json() as { required: boolean; region: string | null; locked: boolean };

describe('age assurance where the GeoIP database places the client', () => {
  it('asks a client whose address is in a listed region (GB, US-TX) and closes NSFW to it', async () => {
    const u = await buildUser(t);
    expect(await assurance(u, via('81.2.69.160'))).toMatchObject({ required: true, region: 'GB-ENG', locked: true });
    expect(await assurance(u, via('9.9.9.9'))).toMatchObject({ required: true, region: 'US-TX', locked: true });
    const page = await get(u, `/api/characters/${nsfwId}`, via('81.2.69.160'));
    expect(page.statusCode).toBe(403);
    expect(page.json().error.code).toBe('AGE_ASSURANCE_REQUIRED');
  });

  it('does not ask a client whose address is in a region that is not listed (US-CA)', async () => {
    const u = await buildUser(t);
    expect(await assurance(u, via('8.8.8.8'))).toMatchObject({ required: false, region: 'US-CA', locked: false });
    expect((await get(u, `/api/characters/${nsfwId}`, via('8.8.8.8'))).statusCode).toBe(200);
  });

  it('believes a trusted country header over the database, both ways', async () => {
    const u = await buildUser(t);
    const california = { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' };
    expect(await assurance(u, via('81.2.69.160', california))).toMatchObject({ required: false, region: 'US-CA' });
    expect(await assurance(u, via('8.8.8.8', { 'cf-ipcountry': 'GB' }))).toMatchObject({ required: true, region: 'GB' });
    // A CDN's "unknown" is no answer: the database places the address.
    expect(await assurance(u, via('81.2.69.160', { 'cf-ipcountry': 'XX' }))).toMatchObject({ region: 'GB-ENG' });
  });

  it("looks up a direct client's own address and ignores the header it writes", async () => {
    const u = await buildUser(t);
    const spoofed = { 'cf-ipcountry': 'US', 'cf-region-code': 'CA', 'x-forwarded-for': '8.8.8.8' };
    expect(await assurance(u, spoofed, '81.2.69.160')).toMatchObject({ required: true, region: 'GB-ENG' });
  });

  it("never looks up a private or loopback address, and an unplaced one is unknown: the operator's default (open)", async () => {
    const u = await buildUser(t);
    for (const client of ['10.1.2.3', '192.168.1.20', '127.0.0.1', '5.5.5.5']) {
      expect(await assurance(u, via(client)), client).toMatchObject({ required: false, region: null, locked: false });
    }
  });
});

describe('the crisis resources follow the same location', () => {
  const crisis = async (headers: Record<string, string>) => {
    const u = await buildUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message`,
      headers: { ...u.auth, ...headers },
      payload: { content: 'I want to kill myself' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ChatReply).support!;
  };

  it("shows Samaritans to a GB address, 988 to a US one, the header's country over the database, the general list when unknown", async () => {
    const gb = await crisis(via('81.2.69.160'));
    expect(gb.region).toBe('GB');
    expect(gb.resources.map((r) => r.name)).toContain('Samaritans');
    const us = await crisis(via('8.8.8.8'));
    expect(us.region).toBe('US');
    expect(us.resources[0]?.contact).toMatch(/988/);
    expect((await crisis(via('81.2.69.160', { 'cf-ipcountry': 'DE' }))).region).toBe('DE');
    const unknown = await crisis(via('10.1.2.3'));
    expect(unknown.region).toBeNull();
    expect(unknown.resources.map((r) => r.name)).toContain('Find A Helpline');
  });
});

describe('GEOIP_DATABASE_PATH at start', () => {
  const start = (file: string) =>
    buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: 'memory://', DATA_DIR: dir, GEOIP_DATABASE_PATH: file }));

  it('stops the start with a sentence naming a missing file or one that is not a MaxMind DB', async () => {
    const missing = path.join(dir, 'missing.mmdb');
    await expect(start(missing)).rejects.toThrow(`GEOIP_DATABASE_PATH ${missing} could not be opened as a MaxMind DB file (no such file)`);
    const csv = path.join(dir, 'GeoLite2-City-Locations-en.csv');
    writeFileSync(csv, 'geoname_id,locale_code,country_iso_code\n2635167,en,GB\n');
    await expect(start(csv)).rejects.toThrow(`GEOIP_DATABASE_PATH ${csv} could not be opened as a MaxMind DB file`);
  });

  it('refuses a CRISIS_COUNTRY_HEADER other than GEO_COUNTRY_HEADER: one location feeds both', () => {
    expect(() => loadConfig({ CRISIS_COUNTRY_HEADER: 'x-country' })).toThrow(
      /CRISIS_COUNTRY_HEADER=x-country is replaced by GEO_COUNTRY_HEADER \(now cf-ipcountry\).*set GEO_COUNTRY_HEADER=x-country/,
    );
    expect(loadConfig({ CRISIS_COUNTRY_HEADER: 'X-Country', GEO_COUNTRY_HEADER: 'x-country' }).age.countryHeader).toBe('x-country');
  });
});
