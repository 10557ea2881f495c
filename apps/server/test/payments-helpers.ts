import type { Order } from '@bazar/contracts/orders';
import { loadConfig, type Config } from '../src/config';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * The shop for the online payment tests: an app whose gateways point at the local fakes (`env`:
 * their variables), a product, an admin and a verified customer, and a way to place an order.
 */
export async function paymentShop(
  env: Record<string, string>,
  /** The shop's PUBLIC_URL: where the gateways send the shopper and their notices back. */
  opts: { publicUrl?: string } = {},
) {
  const payments: Config['payments'] = {
    ...loadConfig({ LOG_LEVEL: 'silent', ...env }).payments,
    // A fake answers well within it even under a full test run's load; a lost answer costs this long.
    timeoutMs: 1000,
  };
  const t: TestApp = await testApp({ config: { payments, publicUrl: opts.publicUrl ?? 'http://shop.test' } });
  const api = client(t.app);
  const admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin);
  const [product] = await makeProduct(t.app, admin, brand, { title: 'Pay Rice', price: '100', qty: '1000' });
  const buyer = await registerCustomer(t.app, { verified: true, database: t.database });
  await t.database.pool.query('UPDATE settings SET ship = 60');

  /** A storefront order of `quantity` rice (100 BDT each, 60 shipping), as the customer places it. */
  const place = async (quantity = 1, payment = 'bkash') => {
    const res = await api.post(
      '/api/order/add',
      {
        name: 'Rahima',
        phone: buyer.phone,
        address: 'Road 2',
        area: 'Mirpur',
        carts: [{ product_id: product?.id, quantity }],
        payment,
      },
      buyer.token,
    );
    if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
    return res.body.data as Order;
  };
  const read = async (id: number) => (await api.get(`/api/order/${id}`, admin)).body.data as Order;
  const attempts = async (orderId: number) =>
    (
      await t.database.pool.query<{
        status: string;
        amount: number;
        refunded: number;
        detail: string;
        trx_id: string | null;
      }>(
        'SELECT status, amount, refunded, detail, trx_id FROM payment_attempts WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;
  /** A gateway's redirect back to the shop, followed through the app: where it sends the browser. */
  const follow = async (url: string, form?: Record<string, string>) => {
    const u = new URL(url);
    const res = await t.app.inject({
      method: form ? 'POST' : 'GET',
      url: u.pathname + u.search,
      ...(form && {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    });
    return { status: res.statusCode, location: String(res.headers.location ?? '') };
  };
  return { t, api, admin, buyer, place, read, attempts, follow };
}
