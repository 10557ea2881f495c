import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
// 15:00 on 27 November 2026 in Dhaka.
const clock = new ManualClock(Date.parse('2026-11-27T09:00:00Z'));

type Expense = { id: number; details: string; amount: number; category: string; created: string };

beforeAll(async () => {
  t = await testApp({ clock });
  api = client(t.app);
  admin = await adminToken(t);
});

describe('expense categories', () => {
  it('start with rent, salary, utilities, transport and other, in Bangla too, and the list is editable', async () => {
    const list = await api.get('/api/expense-categories', admin);
    expect(list.status).toBe(200);
    expect(
      (list.body.data as Array<{ title: string; title_bn: string }>).map((c) => [c.title, c.title_bn]),
    ).toEqual([
      ['Rent', 'ভাড়া'],
      ['Salary', 'বেতন'],
      ['Utilities', 'বিদ্যুৎ-গ্যাস-পানি'],
      ['Transport', 'যাতায়াত'],
      ['Other', 'অন্যান্য'],
    ]);
    const made = await api.post(
      '/api/expense-category/add',
      { title: 'Packaging', title_bn: 'প্যাকেজিং' },
      admin,
    );
    expect(made.status).toBe(201);
    expect((await api.post('/api/expense-category/add', { title: 'packaging' }, admin)).status).toBe(409);
    expect((await api.post('/api/expense-category/add', { title: ' ' }, admin)).status).toBe(422);
    const id = (made.body.data as { id: number }).id;

    // An expense keeps its category's title after the category is gone.
    const spent = await api.post(
      '/api/expance/add',
      { detail: 'Bags', amount: 120, category: 'PACKAGING' },
      admin,
    );
    expect(spent.status).toBe(201);
    expect((spent.body.data as Expense).category).toBe('Packaging');
    expect((await api.del(`/api/expense-category/${id}`, admin)).status).toBe(200);
    expect((await api.del(`/api/expense-category/${id}`, admin)).status).toBe(404);
    const day = (await api.get('/api/expances?from=2026-11-27&to=2026-11-27', admin)).body.data as Expense[];
    expect(day.find((e) => e.details === 'Bags')?.category).toBe('Packaging');
    expect(
      (await api.post('/api/expance/add', { detail: 'Bags', amount: 1, category: 'Packaging' }, admin))
        .status,
    ).toBe(422);
  });

  it("takes the spec's form as it is (Other, today), a day before counted on that day, and no future day", async () => {
    const plain = await api.post('/api/expance/add', { detail: 'Tea', amount: 40 }, admin);
    expect(plain.status).toBe(201);
    expect(plain.body.message).toBe('Expance added');
    expect(plain.body.data).toMatchObject({ category: 'Other' });

    const rent = await api.post(
      '/api/expance/add',
      { detail: 'November rent', amount: 15000, category: 'Rent', date: '2026-11-01' },
      admin,
    );
    expect(rent.status).toBe(201);
    // Noon of 1 November in Dhaka (UTC+6).
    expect((rent.body.data as Expense).created).toBe('2026-11-01T06:00:00.000Z');
    const first = await api.get('/api/expances?from=2026-11-01&to=2026-11-01', admin);
    expect((first.body.data as Expense[]).map((e) => e.details)).toEqual(['November rent']);
    expect((first.body.meta as { totals: { amount: number } }).totals.amount).toBe(15000);

    const future = await api.post(
      '/api/expance/add',
      { detail: 'Later', amount: 5, date: '2026-11-28' },
      admin,
    );
    expect(future.status).toBe(422);
    expect((future.body.errors as Record<string, string[]>).date).toEqual([
      'The date may not be in the future.',
    ]);
    expect(
      (await api.post('/api/expance/add', { detail: 'X', amount: 5, date: '2026-13-01' }, admin)).status,
    ).toBe(422);
  });

  it('are for admins only', async () => {
    const customer = (await registerCustomer(t.app)).token;
    expect((await api.get('/api/expense-categories', customer)).status).toBe(403);
    expect((await api.post('/api/expense-category/add', { title: 'X' }, customer)).status).toBe(403);
    expect((await api.del('/api/expense-category/1', customer)).status).toBe(403);
  });
});
