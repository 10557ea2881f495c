import { api } from '@bazar/contracts/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

/**
 * Every call of the API is declared once in the contracts (packages/contracts/src/api.ts) and the
 * server registers exactly those (lib/route.ts builds each route from its declaration): a route
 * added by hand, or a declaration no route serves, fails here.
 */
describe('the API and its contracts', () => {
  it('serve exactly the declared calls, each with its declared schemas', () => {
    const served = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => r !== 'GET /api/docs');
    expect([...served].sort()).toEqual(Object.keys(api).sort());
  });

  it('describe each call in /api/docs from its declaration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { responses?: object }>> };
    for (const [key, def] of Object.entries(api)) {
      const [method = '', url = ''] = key.split(' ');
      const path = url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const answer = (def as { answer: unknown }).answer;
      if (typeof answer !== 'string') {
        const status = String((def as { status?: number }).status ?? 200);
        expect(Object.keys(operation?.responses ?? {}), key).toContain(status);
      }
    }
  });
});
