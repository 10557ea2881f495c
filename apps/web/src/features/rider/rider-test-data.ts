import type { RiderDelivery } from '@bazar/contracts/riders';

/**
 * A delivery as `GET /api/rider/deliveries` answers it (the fetch mock parses it by the contract):
 * Rahima's order of two kilos of rice and a litre of oil, 260 BDT to collect, assigned.
 */
export function makeDelivery(overrides: Partial<RiderDelivery> = {}): RiderDelivery {
  return {
    id: 41,
    name: 'Rahima Begum',
    phone: '01712345678',
    address: 'House 4, Road 2',
    area: 'Mirpur',
    note: 'Ring twice',
    slot: { date: '2026-11-27', start: '10:00', end: '12:00' },
    lines: [
      {
        product_id: 7,
        title: 'Miniket Rice',
        title_bn: 'মিনিকেট চাল',
        attri: '1 kg',
        attri_bn: '১ কেজি',
        quantity: 2,
        unit: 'pcs',
      },
      {
        product_id: 8,
        title: 'Soybean Oil',
        title_bn: '',
        attri: '',
        attri_bn: '',
        quantity: 1.5,
        unit: 'litre',
      },
    ],
    total: 260,
    paid: 0,
    due: 260,
    status: 1,
    state: 'assigned',
    reason: null,
    reason_note: '',
    collected: [],
    lang: 'en',
    ...overrides,
  };
}

/** The staff profile of a rider (the built-in Rider role: `deliveries.ride` only). */
export const riderProfile = {
  id: 9,
  name: 'Jamal Rider',
  phone: '01811111111',
  role: 23314,
  status: 1,
  ref_code: 'R9',
  point: 0,
  staff_role: 'rider',
  permissions: ['deliveries.ride' as const],
  staff_id: 9,
};

/** The shop's facts as `GET /api/shop-info` answers them (its clock is Dhaka's). */
export const shopInfo = {
  data: {
    name: 'Bazar',
    address: '',
    phone: '',
    payment_numbers: '',
    tz: 'Asia/Dhaka',
    receipt_footer: '',
  },
};
