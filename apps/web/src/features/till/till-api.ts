import type { Customer } from '@bazar/contracts/customers';
import type { Order, PaymentMethod } from '@bazar/contracts/orders';
import { api } from '../../lib/api';

export type { Customer, PaymentMethod };

/** One line of the till's cart; the server prices the sale again from the database. */
export interface TillLine {
  id: number;
  title: string;
  attri: string;
  price: number;
  qty: number;
}

/** The till's customer block; an empty balance is null (the server reads it as 0). */
export type CustomerFields = {
  phone: string;
  name: string;
  area: string;
  address: string;
  balance: number | null;
};

export const findCustomer = (phone: string) =>
  api
    .get<{ data: Customer[] }>(`/api/customer/search/${encodeURIComponent(phone)}`)
    .then((answer) => answer.data[0]);

export const addCustomer = (fields: CustomerFields) =>
  api.post<{ message: string; data: Customer }>('/api/customer/add', {
    phone: fields.phone,
    name: fields.name,
    area: fields.area,
    address: fields.address,
  });

export const updateCustomer = (id: number, fields: CustomerFields) =>
  api.post<{ message: string; data: Customer }>(`/api/customer/edit/${id}`, {
    phone: fields.phone,
    name: fields.name,
    area: fields.area,
    balance: fields.balance,
    address: fields.address,
    status: 1,
  });

/** Saves the sale; `idempotencyKey` makes a retried or double-clicked Save one sale only. */
export function saveTillOrder(body: {
  customer: CustomerFields;
  lines: TillLine[];
  subtotal: number;
  ship: number;
  discount: number;
  paid: number;
  due: number;
  method: PaymentMethod;
  idempotencyKey: string;
}) {
  const { customer, lines, idempotencyKey, ...money } = body;
  return api
    .post<{ data: Order }>(
      '/api/order/add',
      {
        name: customer.name,
        phone: customer.phone,
        address: customer.address,
        area: customer.area,
        ...money,
        carts: lines.map((l) => ({
          id: l.id,
          title: l.title,
          price: l.price,
          product_id: l.id,
          attri: l.attri,
          quantity: l.qty,
        })),
        terminal: 1,
      },
      { 'Idempotency-Key': idempotencyKey },
    )
    .then((answer) => answer.data);
}
