import type { Order } from '@bazar/contracts/orders';
import { call } from '../../lib/api';

export type { Order };

/** Any order with its lines, payments and returns (GET /api/order/{id}, admins). */
export const fetchOrder = (id: number) =>
  call('GET /api/order/:id', { params: { id } }).then((answer) => answer.data);

export const receiptKey = (id: number) => ['receipt', id] as const;
