import { errorSchema, idParamSchema, messageSchema } from './common';
import { pagedList, type Endpoints } from './endpoint';
import {
  bkashCallbackQuery,
  onlinePayment,
  onlinePaymentsQuery,
  onlinePaymentsTotals,
  payOnlineAnswer,
  payOnlineBody,
  paymentMethodsAnswer,
  refundOnlineAnswer,
  refundOnlineBody,
  sslcommerzReturnBody,
} from './payments';

/** Online payment: the gateways on, starting a payment, the gateways' returns, an admin's refund. */
export const paymentsApi = {
  'GET /api/payment/methods': { answer: paymentMethodsAnswer },
  'POST /api/order/:id/pay-online': {
    params: idParamSchema,
    body: payOnlineBody,
    answer: payOnlineAnswer,
    refusals: { 502: errorSchema },
  },
  'GET /api/payment/bkash/callback': { query: bkashCallbackQuery, answer: 'redirect' },
  'POST /api/payment/sslcommerz/success': { body: sslcommerzReturnBody, answer: 'redirect' },
  'POST /api/payment/sslcommerz/fail': { body: sslcommerzReturnBody, answer: 'redirect' },
  'POST /api/payment/sslcommerz/cancel': { body: sslcommerzReturnBody, answer: 'redirect' },
  'POST /api/payment/sslcommerz/ipn': { body: sslcommerzReturnBody, answer: messageSchema },
  'GET /api/online-payments': pagedList({
    query: onlinePaymentsQuery,
    row: onlinePayment,
    totals: onlinePaymentsTotals,
  }),
  'POST /api/order/:id/refund-online': {
    params: idParamSchema,
    body: refundOnlineBody,
    answer: refundOnlineAnswer,
    refusals: { 502: errorSchema },
  },
} satisfies Endpoints;
