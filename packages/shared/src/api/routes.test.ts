// The web's route table (routes.ts, generated) against the descriptors, both ways: every descriptor has its route
// with the same method, path, auth and flags, and the table has nothing the descriptors do not.
import { describe, expect, it } from 'vitest';
import { api as descriptors, type Endpoint } from './index.ts';
import { routeFacts } from './route.ts';
import { api as routes } from './routes.ts';

const STALE = 'routes.ts is stale: run `npm run gen:routes`';

describe('the route table', () => {
  it('holds every descriptor with the same run-time facts', () => {
    for (const [group, endpoints] of Object.entries(descriptors)) {
      for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
        const route = (routes as unknown as Record<string, Record<string, unknown>>)[group]?.[name];
        expect(route, `${group}.${name}: ${STALE}`).toEqual(routeFacts(endpoint));
      }
    }
  });

  it('holds nothing the descriptors do not', () => {
    for (const [group, table] of Object.entries(routes)) {
      const endpoints = (descriptors as unknown as Record<string, Record<string, Endpoint> | undefined>)[group];
      expect(endpoints, `${group}: ${STALE}`).toBeDefined();
      for (const name of Object.keys(table)) expect(endpoints?.[name], `${group}.${name}: ${STALE}`).toBeDefined();
    }
  });

  it('carries no schema the browser would have to build', () => {
    const json = JSON.stringify(routes);
    for (const key of ['response', 'body', 'query', 'params', 'events', 'errors', 'summary']) expect(json).not.toContain(`"${key}"`);
    for (const table of Object.values(routes)) {
      for (const route of Object.values(table)) {
        for (const value of Object.values(route)) expect(['string', 'number', 'boolean']).toContain(typeof value);
      }
    }
  });
});
