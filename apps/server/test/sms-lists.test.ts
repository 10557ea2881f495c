import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, newPhone, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
});

const outboxTo = async (text: string) =>
  (
    await t.database.pool.query<{ to_phone: string }>(
      'SELECT to_phone FROM sms_outbox WHERE message = $1 ORDER BY to_phone',
      [text],
    )
  ).rows.map((r) => r.to_phone);

describe('SMS lists', () => {
  it('hold names and phones once each, and a message to a list reaches each phone once', async () => {
    const list = (await api.post('/api/sms-list/add', { title: 'Regulars' }, admin)).body.data as {
      id: number;
    };
    const [a, b] = [newPhone(), newPhone()];
    expect(
      (await api.post('/api/sms-item/add', { name: 'Ayesha', phone: a, list_id: list.id }, admin)).status,
    ).toBe(201);
    expect(
      (await api.post('/api/sms-item/add', { name: 'Babu', phone: `+88${b}`, list_id: list.id }, admin))
        .status,
    ).toBe(201);
    const twice = await api.post('/api/sms-item/add', { name: 'Again', phone: a, list_id: list.id }, admin);
    expect(twice.status).toBe(422);
    expect(
      (await api.post('/api/sms-item/add', { name: 'X', phone: '123', list_id: list.id }, admin)).status,
    ).toBe(422);
    expect(
      (await api.post('/api/sms-item/add', { name: 'X', phone: a, list_id: 999999 }, admin)).status,
    ).toBe(404);

    const detail = (await api.get(`/api/sms-list/${list.id}`, admin)).body.data as {
      title: string;
      items: Array<{ id: number; phone: string }>;
    };
    expect(detail.title).toBe('Regulars');
    expect(detail.items.map((i) => i.phone).sort()).toEqual([a, b].sort());
    const lists = (await api.get('/api/sms-lists', admin)).body.data as Array<{ id: number; count: number }>;
    expect(lists.find((l) => l.id === list.id)?.count).toBe(2);

    // What the composer shows before sending: the numbers a send reaches.
    expect((await api.get(`/api/sms-send/${list.id}`, admin)).body).toEqual({ data: { recipients: 2 } });
    const sent = await api.post(`/api/sms-send/${list.id}`, { text: 'Eid offer: 10% off rice' }, admin);
    expect(sent.body).toEqual({ message: 'SMS queued', queued: 2 });
    expect(await outboxTo('Eid offer: 10% off rice')).toEqual([a, b].sort());

    const first = detail.items[0] as { id: number };
    expect((await api.del(`/api/sms-item/delete/${first.id}`, admin)).status).toBe(200);
    expect((await api.del(`/api/sms-list/delete/${list.id}`, admin)).status).toBe(200);
    expect((await api.get(`/api/sms-list/${list.id}`, admin)).status).toBe(404);
    expect((await api.post(`/api/sms-send/${list.id}`, { text: 'gone' }, admin)).status).toBe(404);
    expect((await api.get(`/api/sms-send/${list.id}`, admin)).status).toBe(404);
  });

  it('list 0 sends to every customer once, never to staff; an empty text is refused', async () => {
    const c1 = await registerCustomer(t.app, { verified: true, database: t.database });
    const c2 = await registerCustomer(t.app, { verified: true, database: t.database });
    const count = (await api.get('/api/sms-send/0', admin)).body.data as { recipients: number };
    const sent = await api.post('/api/sms-send/0', { text: 'Shop open till 11 pm' }, admin);
    expect(sent.status).toBe(200);
    const to = await outboxTo('Shop open till 11 pm');
    // The count the composer showed is the number of SMS the send queued.
    expect(count.recipients).toBe(to.length);
    expect(sent.body.queued).toBe(to.length);
    expect(to).toEqual(expect.arrayContaining([c1.phone, c2.phone]));
    expect(new Set(to).size).toBe(to.length);
    const staff = await t.database.pool.query<{ phone: string }>(
      'SELECT phone FROM users WHERE role = 23314',
    );
    for (const s of staff.rows) expect(to).not.toContain(s.phone);
    expect((await api.post('/api/sms-send/0', { text: ' ' }, admin)).status).toBe(422);
    expect((await api.post('/api/sms-send/0', { text: 'x' }, c1.token)).status).toBe(403);
    expect((await api.get('/api/sms-send/0', c1.token)).status).toBe(403);
    expect((await api.get('/api/sms-send/0')).status).toBe(401);
  });

  it('a list or record id written another way is refused (422), never read as list 0 or another row', async () => {
    await registerCustomer(t.app, { verified: true, database: t.database });
    // List 0 reaches at least this customer.
    const everyone = (await api.get('/api/sms-send/0', admin)).body.data as { recipients: number };
    expect(everyone.recipients).toBeGreaterThan(0);
    const text = 'Only for list zero, spelled 0';
    for (const listId of ['-0', '00', '0.0', '+0', '0e0', ' 0', '-1', '+1', '1.0', '01', ' 1', '1e0']) {
      const sent = await api.post(`/api/sms-send/${encodeURIComponent(listId)}`, { text }, admin);
      expect([listId, sent.status]).toEqual([listId, 422]);
      expect(sent.body.errors).toEqual({
        listId: ['The list must be written in plain digits, without a sign or a leading zero (12, not 012).'],
      });
      expect([listId, (await api.get(`/api/sms-send/${encodeURIComponent(listId)}`, admin)).status]).toEqual([
        listId,
        422,
      ]);
    }
    // Nothing reached any customer: "-0" used to be read as list 0, every customer.
    expect(await outboxTo(text)).toEqual([]);

    // A real list named with a leading zero, a sign or a point is no name of it.
    const list = (await api.post('/api/sms-list/add', { title: 'Spelled' }, admin)).body.data as {
      id: number;
    };
    expect((await api.get(`/api/sms-list/${list.id}`, admin)).status).toBe(200);
    for (const other of [`0${list.id}`, `+${list.id}`, `${list.id}.0`, `${list.id}e0`]) {
      const res = await api.get(`/api/sms-list/${encodeURIComponent(other)}`, admin);
      expect([other, res.status]).toEqual([other, 422]);
      expect(Object.keys(res.body.errors as object)).toEqual(['id']);
      expect([
        other,
        (await api.del(`/api/sms-list/delete/${encodeURIComponent(other)}`, admin)).status,
      ]).toEqual([other, 422]);
    }
    expect((await api.get(`/api/sms-list/${list.id}`, admin)).status).toBe(200);
  });
});
