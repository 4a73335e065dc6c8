import { AppError } from '../../errors.ts';

/** 404 for an order id that is not the tenant's (orders, payments and payment links answer it alike). */
export function orderNotFound(id: string): AppError {
  return new AppError('ORDER_NOT_FOUND', `No order "${id}" in this store. List orders with GET /v1/orders.`);
}
