// A start that fails for a reason the operator can fix says so in one sentence: the server it could not reach (its
// password hidden), why, and what to do; other errors keep their stack.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, it } from 'vitest';
import { connectRedis } from './redis.ts';
import { connecting, startFailure, StartupError, withoutPassword } from './startup-error.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('names a PostgreSQL server that refuses the connection, without its password, and says what to do', async () => {
  const url = 'postgres://reverie:s3cret@127.0.0.1:1/app';
  const failure = connecting('The PostgreSQL database', url, 'Start it.', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  await expect(failure).rejects.toBeInstanceOf(StartupError);
  const message = startFailure(await failure.catch((err: unknown) => err));
  expect(message).toBe(
    'Reverie could not start: The PostgreSQL database at postgres://reverie:***@127.0.0.1:1/app could not be connected to ' +
      '(connect ECONNREFUSED 127.0.0.1:1). Start it.',
  );
  expect(message).not.toContain('s3cret');
});

it('reports why a first Redis connection failed, not "Connection is closed."', async () => {
  const warnings: Error[] = [];
  const failure = connecting('Redis', 'redis://127.0.0.1:1', 'Start it.', () =>
    connectRedis('redis://127.0.0.1:1', (err) => warnings.push(err)),
  );
  await expect(failure).rejects.toThrow(
    'Redis at redis://127.0.0.1:1 could not be connected to (connect ECONNREFUSED 127.0.0.1:1). Start it.',
  );
  // The client gave up: no reconnection goes on warning after the start failed.
  const seen = warnings.length;
  await new Promise((r) => setTimeout(r, 300));
  expect(warnings.length).toBe(seen);
});

it('lets an error that is not about reaching a server through unchanged, and prints it with its stack', async () => {
  const bug = new TypeError('x is not a function');
  await expect(connecting('Redis', 'redis://127.0.0.1:6379', 'Start it.', () => Promise.reject(bug))).rejects.toBe(bug);
  const message = startFailure(bug);
  expect(message.split('\n')[0]).toBe('Reverie could not start because of an unexpected error:');
  expect(message).toContain('TypeError: x is not a function\n    at ');
});

it('hides only the password of an address', () => {
  expect(withoutPassword('postgres://u:p%40ss@db.example:5432/reverie?sslmode=require')).toBe(
    'postgres://u:***@db.example:5432/reverie?sslmode=require',
  );
  expect(withoutPassword('redis://cache:6379')).toBe('redis://cache:6379');
  expect(withoutPassword('not a url')).toBe('(an address that is not a valid URL)');
});

it('stops a start with a bad setting with the sentence alone, and exit code 1', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-start-'));
  try {
    const failed = await run(process.execPath, ['--import', './typescript.mjs', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'memory://', LOG_LEVEL: 'loud' },
    }).catch((err: { code: number; stderr: string }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect('stderr' in failed && failed.stderr.trim()).toMatch(/^Reverie could not start: Invalid configuration: LOG_LEVEL: [^\n]+$/);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
