import { expect, type APIRequestContext } from '@playwright/test';

/** Every row of a paged list (the spec's resource format), following `links.next` from `url`. */
export async function everyPage<T>(
  request: APIRequestContext,
  url: string,
  headers: Record<string, string>,
): Promise<T[]> {
  const rows: T[] = [];
  let next: string | null = url;
  while (next) {
    const answer = await request.get(next, { headers });
    expect(answer.status(), await answer.text()).toBe(200);
    const page = (await answer.json()) as { data: T[]; links: { next: string | null } };
    rows.push(...page.data);
    next = page.links.next;
  }
  return rows;
}
