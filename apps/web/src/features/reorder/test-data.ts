import { lineTotal } from '@bazar/contracts/money';
import type { PurchaseOrder, ReorderSuggestions, Suggestion } from './reorder-api';

/** A suggestion as the server answers it: below its minimum, up to its target at the last buy price. */
export const makeSuggestion = (over: Partial<Suggestion> = {}): Suggestion => {
  const s: Suggestion = {
    product_id: 7,
    title: 'Miniket Rice',
    title_bn: 'মিনিকেট চাল',
    attri: '5 kg',
    attri_bn: '৫ কেজি',
    unit: 'pcs',
    qty: 4,
    min: 10,
    target: 30,
    sold: 12,
    why: 'below_min',
    suggested: 26,
    buyprice: 310,
    cost: 26 * 310,
    ...over,
  };
  return { ...s, cost: over.cost ?? Math.round(s.suggested * s.buyprice) };
};

type Group = ReorderSuggestions['groups'][number];

/** A group as the server makes it: its cost is its products' sum. */
export const makeGroup = (supplier: Group['supplier'], products: Suggestion[]): Group => ({
  supplier,
  products,
  cost: products.reduce((sum, p) => sum + p.cost, 0),
});

export const karim = { id: 3, name: 'Karim Wholesale', phone: '01711000222', lead_days: 5 };

type OrderLine = PurchaseOrder['lines'][number];

export const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  product_id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  qty: 20,
  buy_price: 310,
  received: 0,
  ...over,
});

/** An order as the server answers it: its total and its message from its lines. */
export function makeOrder(over: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const order: PurchaseOrder = {
    id: 50,
    supplier: { id: karim.id, name: karim.name, phone: karim.phone },
    status: 'draft',
    note: '',
    created: '2026-11-20T06:00:00.000Z',
    sent: null,
    closed: null,
    lines: [
      orderLine(),
      orderLine({ product_id: 9, title: 'Soybean Oil', attri: '1 L', qty: 12, buy_price: 160 }),
    ],
    total: 0,
    purchase_ids: [],
    message: '',
    ...over,
  };
  return {
    ...order,
    total: over.total ?? order.lines.reduce((sum, l) => sum + lineTotal(l.buy_price, l.qty), 0),
    message:
      over.message ??
      [
        `Bazar: purchase order #${order.id}`,
        ...order.lines.map((l) => `${l.title}${l.attri ? ` ${l.attri}` : ''}: ${l.qty}`),
      ].join('\n'),
  };
}
