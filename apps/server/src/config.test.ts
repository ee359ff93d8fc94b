// What loadConfig decides from the environment alone: production refuses to start without the facts the legal pages
// print, and the sandbox's free top-up is off in production unless asked for.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const operator = {
  OPERATOR_NAME: 'Example Ltd',
  OPERATOR_ADDRESS: '1 Example Street, Example City',
  OPERATOR_EMAIL: 'hello@example.org',
  DMCA_AGENT: 'Jo Example',
  GOVERNING_LAW: 'the laws of Example',
  PUBLIC_URL: 'https://reverie.example.org',
};

describe('loadConfig', () => {
  it('refuses NODE_ENV=production without the legal-page facts, naming every missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OPERATOR_NAME: 'Example Ltd' })).toThrow(
      'Invalid configuration: NODE_ENV=production needs OPERATOR_ADDRESS, OPERATOR_EMAIL, DMCA_AGENT, GOVERNING_LAW, PUBLIC_URL',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...operator, OPERATOR_ADDRESS: '  ' })).toThrow(/needs OPERATOR_ADDRESS:/);
  });

  it('starts in production with them, and fills the legal pages from them', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...operator, PRIVACY_EMAIL: 'privacy@example.org' });
    expect(config.unsetOperatorFacts).toEqual([]);
    expect(config.operator).toMatchObject({
      OPERATOR_NAME: 'Example Ltd',
      PRIVACY_EMAIL: 'privacy@example.org',
      DMCA_EMAIL: 'hello@example.org',
      PUBLIC_URL: 'https://reverie.example.org',
    });
  });

  it('outside production starts without them and lists what is unset (for the legal pages banner)', () => {
    const config = loadConfig({ NODE_ENV: 'development', OPERATOR_NAME: 'Example Ltd' });
    expect(config.unsetOperatorFacts).toEqual(['OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'DMCA_AGENT', 'GOVERNING_LAW', 'PUBLIC_URL']);
    expect(config.operator.OPERATOR_ADDRESS).toBe('[set OPERATOR_ADDRESS]');
  });

  it('takes PROCESS_ROLE all by default, refuses web or worker without REDIS_URL, and an unknown role', () => {
    expect(loadConfig({}).processRole).toBe('all');
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ PROCESS_ROLE: role })).toThrow(
        `Invalid configuration: PROCESS_ROLE=${role} needs REDIS_URL: web and worker processes share their queues and schedules through Redis.`,
      );
      expect(loadConfig({ PROCESS_ROLE: role, REDIS_URL: 'redis://127.0.0.1:6379' }).processRole).toBe(role);
    }
    expect(() => loadConfig({ PROCESS_ROLE: 'api' })).toThrow(/Invalid configuration: PROCESS_ROLE: .*"all"\|"web"\|"worker"/);
  });

  it('turns the sandbox top-up off in production by default, on elsewhere, and never with Stripe', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...operator }).sandboxTopUp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...operator, SANDBOX_TOP_UP: 'true' }).sandboxTopUp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxTopUp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SANDBOX_TOP_UP: 'no' }).sandboxTopUp).toBe(false);
    const stripe = { PAYMENTS_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ NODE_ENV: 'development', ...stripe, SANDBOX_TOP_UP: 'true' }).sandboxTopUp).toBe(false);
  });

  it('reads STRIPE_PRICES as a JSON object of price ids, and says so when it is not one', () => {
    const stripe = { PAYMENTS_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...stripe, STRIPE_PRICES: '{"pack_medium":"price_1A"}' }).billing.stripe?.prices).toEqual({
      pack_medium: 'price_1A',
    });
    for (const bad of ['{"pack_medium":"one"}', '{pack_medium: price_1A}']) {
      expect(() => loadConfig({ ...stripe, STRIPE_PRICES: bad })).toThrow(
        'Invalid configuration: STRIPE_PRICES must be a JSON object of price ids',
      );
    }
    expect(() => loadConfig({ PAYMENTS_MODE: 'stripe' })).toThrow('PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  });

  it('reads DATABASE_URL as embedded, PGlite in memory or on disk, or PostgreSQL, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: '/srv/rv' }).database).toEqual({
      kind: 'embedded',
      dataDir: '/srv/rv',
      pgliteDir: '/srv/rv/pglite',
      poolSize: 20,
    });
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite-memory' });
    expect(loadConfig({ DATABASE_URL: 'pglite:///srv/db' }).database).toEqual({ kind: 'pglite-disk', dir: '/srv/db' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db', DATABASE_POOL_SIZE: '5' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
      poolSize: 5,
    });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://h/db' })).toThrow('DATABASE_URL must be memory://, pglite:///path or postgres://…');
  });

  it('reads TRUST_PROXY as hops or proxies, and refuses true and what is neither', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any address/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow('TRUST_PROXY=11: at most 10 proxy hops');
    for (const bad of ['10.0.0.0/33', 'constructor', 'proxy.example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`TRUST_PROXY: "${bad}" is not a number of proxies`);
    }
  });

  it('runs speech out and speech in embedded by default (models downloaded on first use), and off when asked', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/srv/reverie' });
    expect(config.speech).toMatchObject({
      provider: 'embedded',
      model: { url: expect.stringMatching(/^https:\/\/huggingface\.co\/.+lessac-medium\.onnx$/) },
    });
    expect(config.transcription).toMatchObject({
      provider: 'embedded',
      model: { url: expect.stringMatching(/tiny\.en-encoder\.int8\.onnx$/) },
    });
    const off = loadConfig({ NODE_ENV: 'development', SPEECH_PROVIDER: 'off', TRANSCRIPTION_PROVIDER: 'off' });
    expect([off.speech.provider, off.transcription.provider]).toEqual(['off', 'off']);
  });

  it('reads the chat settings and their yes/no flags', () => {
    expect(loadConfig({}).chat).toMatchObject({ maxTokens: 1500, inFlightPerUser: 2, firstMessages: true });
    expect(loadConfig({ CHAT_FIRST_MESSAGES: 'no', CHAT_MAX_TOKENS: '64' }).chat).toMatchObject({ maxTokens: 64, firstMessages: false });
    expect(() => loadConfig({ CHAT_FIRST_MESSAGES: 'maybe' })).toThrow(/Invalid configuration: CHAT_FIRST_MESSAGES/);
    expect(loadConfig({}).chat.firstMessagesEveryMs).toBe(60_000);
    expect(loadConfig({ CHAT_FIRST_MESSAGES_EVERY_SECONDS: '2' }).chat.firstMessagesEveryMs).toBe(2_000);
    expect(() => loadConfig({ CHAT_FIRST_MESSAGES_EVERY_SECONDS: '0' })).toThrow(
      /Invalid configuration: CHAT_FIRST_MESSAGES_EVERY_SECONDS/,
    );
  });
});

describe('the documented Node version', () => {
  it('is the one package.json engines asks for', async () => {
    const { readFile } = await import('node:fs/promises');
    const root = new URL('../../../', import.meta.url);
    const engines = JSON.parse(await readFile(new URL('package.json', root), 'utf8')).engines.node as string;
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const min = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(min).toBeDefined();
    expect(readme).toContain(`Node.js ${min} or newer`);
  });

  it('LOG_FORMAT defaults to auto (pretty on a terminal, JSON otherwise) and can be forced', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });
});
