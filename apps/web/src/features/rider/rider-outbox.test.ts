import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RiderDelivery } from '@bazar/contracts/riders';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { RiderDb } from './rider-db';
import { dismissRefusal, queueAction, syncRider, withQueued } from './rider-outbox';
import { makeDelivery } from './rider-test-data';

const PHONE = '01811111111';

let db: RiderDb;
let dbNo = 0;

beforeEach(async () => {
  // A store of its own per test: nothing a test leaves behind reaches the next one.
  db = new RiderDb(`rider-outbox-test-${++dbNo}`);
  localStorage.setItem('info', 'tok-rider');
  await db.lists.put({ phone: PHONE, deliveries: [makeDelivery()], at: '2026-11-27T04:00:00.000Z' });
});

afterEach(async () => {
  await db.delete();
});

const rows = () => db.outbox.orderBy('seq').toArray();

/** No network: every request fails as fetch does then. */
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

/**
 * A server that does each step once, as the real one: a resend answers the delivery as it stands.
 * `posts` counts each call by its path.
 */
function server(start: RiderDelivery = makeDelivery()) {
  let delivery = start;
  let stored = 0;
  const fetchMock = mockApi({
    'GET /api/rider/deliveries': () => ({ data: [delivery] }),
    'POST /api/rider/deliveries/:id/picked-up': ({ params }) => {
      if (Number(params.id) !== delivery.id)
        return refuse(404, { message: 'No delivery of yours has this number.' });
      if (delivery.state === 'assigned') delivery = { ...delivery, state: 'picked_up', status: 2 };
      return { data: delivery };
    },
    'POST /api/rider/deliveries/:id/delivered': ({ params, body }) => {
      if (Number(params.id) !== delivery.id)
        return refuse(404, { message: 'No delivery of yours has this number.' });
      const { payments } = body as {
        payments: Array<{ method: string; amount: number; reference?: string }>;
      };
      if (delivery.state !== 'delivered') {
        stored += 1;
        const sum = payments.reduce((n, p) => n + p.amount, 0);
        delivery = {
          ...delivery,
          state: 'delivered',
          status: 3,
          paid: delivery.paid + sum,
          due: delivery.due - sum,
          collected: payments.map((p) => ({
            method: p.method,
            amount: p.amount,
            reference: p.reference ?? null,
          })),
        };
      }
      return { data: delivery };
    },
  });
  return { fetchMock, stores: () => stored };
}

describe("the rider's outbox", () => {
  it('keeps actions made with no network waiting, in order, and shows them as done', async () => {
    offline();
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    await queueAction(
      PHONE,
      41,
      { kind: 'delivered', body: { payments: [{ method: 'cash', amount: 260 }] } },
      db,
    );
    const result = await syncRider(PHONE, { db });
    expect(result).toMatchObject({ sent: 0, refused: 0, stopped: 'unreachable', list: 'unreachable' });
    const waiting = await rows();
    expect(waiting.map((r) => [r.action.kind, r.state, r.tries])).toEqual([
      ['picked-up', 'waiting', 1],
      ['delivered', 'waiting', 0],
    ]);
    const list = await db.lists.get(PHONE);
    expect(withQueued(list!.deliveries[0]!, waiting)).toMatchObject({
      state: 'delivered',
      waiting: true,
      paid: 260,
      due: 0,
      collected: [{ method: 'cash', amount: 260, reference: null }],
    });
  });

  it('stores a double tap once', async () => {
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    expect(await rows()).toHaveLength(1);
  });

  it('sends each action once, in order, when the network is back, and keeps the answers', async () => {
    offline();
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    const body = {
      payments: [
        { method: 'cash' as const, amount: 160 },
        { method: 'bkash' as const, amount: 100, reference: 'TRX9A8B7C' },
      ],
    };
    await queueAction(PHONE, 41, { kind: 'delivered', body }, db);
    await syncRider(PHONE, { db });

    const { fetchMock, stores } = server();
    const [first, second] = await Promise.all([syncRider(PHONE, { db }), syncRider(PHONE, { db })]);
    expect(first).toMatchObject({ sent: 2, refused: 0, stopped: null, list: 'read' });
    expect(second).toMatchObject({ sent: 0, stopped: null, list: 'read' });
    const posts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url]) => new URL(String(url), 'http://shop.test').pathname);
    expect(posts).toEqual(['/api/rider/deliveries/41/picked-up', '/api/rider/deliveries/41/delivered']);
    // The step went with the id the phone gave it when it was made.
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      ...body,
      client_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(stores()).toBe(1);
    expect(await rows()).toEqual([]);
    const [kept] = (await db.lists.get(PHONE))!.deliveries;
    expect(kept).toMatchObject({ state: 'delivered', paid: 260, due: 0 });

    // Nothing waits any more: a later pass only reads the list.
    await syncRider(PHONE, { db });
    expect(callsTo(fetchMock, 'POST /api/rider/deliveries/:id/delivered')).toHaveLength(1);
  });

  it('shows a refusal (404: not theirs) on its card, drops it from the queue and sends the next', async () => {
    const { fetchMock } = server();
    await queueAction(PHONE, 99, { kind: 'picked-up' }, db);
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    const result = await syncRider(PHONE, { db });
    expect(result).toMatchObject({ sent: 1, refused: 1, stopped: null });
    const [refused] = await rows();
    expect(refused).toMatchObject({
      order_id: 99,
      state: 'refused',
      error: 'No delivery of yours has this number.',
    });
    expect(withQueued(makeDelivery({ id: 99 }), await rows()).refusals).toEqual([
      { seq: refused!.seq, message: 'No delivery of yours has this number.' },
    ]);

    // Refused is final: never sent again; the rider dismisses it.
    await syncRider(PHONE, { db });
    expect(callsTo(fetchMock, 'POST /api/rider/deliveries/:id/picked-up')).toHaveLength(2);
    await dismissRefusal(refused!.seq, db);
    expect(await rows()).toEqual([]);
  });

  it('keeps an action waiting through a server error and a dead session, and sends it later', async () => {
    await queueAction(PHONE, 41, { kind: 'picked-up' }, db);
    mockApi({ 'POST /api/rider/deliveries/:id/picked-up': refuse(500, { message: 'Server Error' }) });
    expect(await syncRider(PHONE, { db })).toMatchObject({ sent: 0, stopped: 'server' });
    mockApi({
      'POST /api/rider/deliveries/:id/picked-up': refuse(401, { message: 'Unauthenticated.' }),
      'GET /api/rider/deliveries': refuse(401, { message: 'Unauthenticated.' }),
    });
    expect(await syncRider(PHONE, { db })).toMatchObject({ sent: 0, stopped: 'signedOut', list: 'refused' });
    expect((await rows()).map((r) => [r.state, r.tries])).toEqual([['waiting', 2]]);
    server();
    expect(await syncRider(PHONE, { db })).toMatchObject({ sent: 1, stopped: null });
    expect(await rows()).toEqual([]);
  });

  it('sends a failed step with the same id each time until it is answered', async () => {
    await queueAction(PHONE, 41, { kind: 'failed', body: { reason: 'not_home' } }, db);
    const sent: unknown[] = [];
    mockApi({
      'POST /api/rider/deliveries/:id/failed': ({ body }) => {
        sent.push(body);
        return refuse(502, { message: 'Bad Gateway' });
      },
    });
    await syncRider(PHONE, { db });
    await syncRider(PHONE, { db });
    expect(sent).toHaveLength(2);
    const [first, second] = sent as Array<{ client_id: string }>;
    expect(first?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.client_id).toBe(first?.client_id);
  });

  it("sends only the signed-in rider's actions", async () => {
    const { fetchMock } = server();
    await queueAction('01899999999', 41, { kind: 'picked-up' }, db);
    await syncRider(PHONE, { db });
    expect(callsTo(fetchMock, 'POST /api/rider/deliveries/:id/picked-up')).toHaveLength(0);
    expect(await rows()).toHaveLength(1);
  });
});
