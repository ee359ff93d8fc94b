import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

describe('error format', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renders unknown /api paths as a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' },
      message: 'No route for GET /api/does-not-exist',
    });
  });

  it('renders AppError, validation errors and crashes in one shape', async () => {
    const scratch = await createTestApp({}, (app) => {
      app.get('/api/__t/conflict', async () => {
        throw AppError.conflict('Already there');
      });
      app.get('/api/__t/coins', async () => {
        throw AppError.paymentRequired({ cost: 30, balance: 12 });
      });
      app.get('/api/__t/refused', async () => {
        throw AppError.unprocessable('That description breaks a content rule.', { rule: 'minors', field: 'description' });
      });
      app.get('/api/__t/crash', async () => {
        throw new Error('secret detail');
      });
      app
        .withTypeProvider<ZodTypeProvider>()
        .post('/api/__t/echo', { schema: { body: z.object({ name: z.string() }) } }, async (req) => req.body);
    });
    const { app } = scratch;
    const conflict = await app.inject({ method: 'GET', url: '/api/__t/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: { code: 'CONFLICT', message: 'Already there' }, message: 'Already there' });

    const coins = await app.inject({ method: 'GET', url: '/api/__t/coins' });
    expect(coins.statusCode).toBe(402);
    expect(coins.json()).toEqual({
      error: {
        code: 'PAYMENT_REQUIRED',
        message: 'Not enough coins: this costs 30 and your balance is 12.',
        details: { cost: 30, balance: 12 },
      },
      message: 'Not enough coins: this costs 30 and your balance is 12.',
    });
    const refused = await app.inject({ method: 'GET', url: '/api/__t/refused' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'UNPROCESSABLE',
      message: 'That description breaks a content rule.',
      details: { rule: 'minors', field: 'description' },
    });

    const invalid = await app.inject({ method: 'POST', url: '/api/__t/echo', payload: { name: 42 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    expect(invalid.json().message).toMatch(/^name: /);

    const crash = await app.inject({ method: 'GET', url: '/api/__t/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json().message).not.toContain('secret detail');
    expect(crash.json().message).toContain(crash.headers['x-request-id'] as string);

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/__t/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('BAD_REQUEST');
    await scratch.close();
  });
});
