import { describe, expect, it } from 'vitest';
import { listPageQuery, withPage } from './paging';

describe('paging', () => {
  it('leaves the first page at the list URL and adds page=n after any query', () => {
    expect(withPage('/api/requests', 1)).toBe('/api/requests');
    expect(withPage('/api/requests', 3)).toBe('/api/requests?page=3');
    expect(withPage('/api/orders?type=2', 2)).toBe('/api/orders?type=2&page=2');
  });

  it('takes 50 a page by default and at most 200', () => {
    expect(listPageQuery.parse({})).toEqual({ page: 1, per_page: 50 });
    expect(listPageQuery.safeParse({ per_page: '201' }).success).toBe(false);
    expect(listPageQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});
