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
