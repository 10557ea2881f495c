import type { Order } from '@bazar/contracts/orders';
import { api } from '../../lib/api';

export type { Order };

/** Any order with its lines, payments and returns (GET /api/order/{id}, admins). */
export const fetchOrder = (id: number) =>
  api.get<{ data: Order }>(`/api/order/${id}`).then((answer) => answer.data);

export const receiptKey = (id: number) => ['receipt', id] as const;
