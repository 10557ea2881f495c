import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS, REQUEST_SECONDS, RequestMetrics } from './request-metrics';

describe('RequestMetrics', () => {
  it('writes the histogram prom-client writes for the same requests', async () => {
    const mine = new RequestMetrics();
    const registry = new Registry();
    const theirs = new Histogram({
      name: REQUEST_SECONDS,
      help: 'x',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const requests: Array<[string, string, number, number]> = [
      ['GET', '/api/categories', 200, 0.4],
      ['GET', '/api/categories', 200, 1],
      ['GET', '/api/categories', 304, 2.5],
      ['POST', '/api/order/add', 201, 48],
      ['POST', '/api/order/add', 201, 12_000],
      ['PROPFIND', '(unmatched)', 404, 0.2],
      ['GET', '/api/say "hi"\\', 200, 5],
    ];
    for (const [method, route, status, ms] of requests) {
      mine.route(route).record(method, status, ms);
      theirs.observe({ method: method === 'PROPFIND' ? 'other' : method, route, status }, ms / 1000);
    }
    const lines = (text: string, suffix: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith(`${REQUEST_SECONDS}${suffix}{`))
        .sort();
    const ours = mine.exposition();
    const expected = await registry.metrics();
    expect(lines(ours, '_bucket')).toEqual(lines(expected, '_bucket'));
    expect(lines(ours, '_count')).toEqual(lines(expected, '_count'));
    const sums = (text: string) =>
      lines(text, '_sum').map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ')))]);
    const [mineSums, theirSums] = [sums(ours), sums(expected)];
    expect(mineSums.map(([k]) => k)).toEqual(theirSums.map(([k]) => k));
    mineSums.forEach(([, v], i) => expect(v).toBeCloseTo(Number(theirSums[i]?.[1]), 9));
    expect(ours).toContain('bazar_http_requests_total{method="POST",route="/api/order/add",status="201"} 2');
    expect(ours).toContain('route="/api/say \\"hi\\"\\\\"');
    expect(ours).toContain(`# TYPE ${REQUEST_SECONDS} histogram`);
  });

  it('writes the HELP and TYPE lines even before any request', () => {
    expect(new RequestMetrics().exposition().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^# HELP bazar_http_requests_total /),
      '# TYPE bazar_http_requests_total counter',
      expect.stringMatching(/^# HELP bazar_http_request_duration_seconds /),
      '# TYPE bazar_http_request_duration_seconds histogram',
    ]);
  });
});
