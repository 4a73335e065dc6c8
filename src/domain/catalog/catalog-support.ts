import { AppError } from '../../errors.ts';
import type { Currency } from '../shared/money.ts';
import type { Precondition as GenericPrecondition } from '../shared/preconditions.ts';

/** If-Match on catalog writes: a check of the current resource and the store currency (see `../shared/preconditions.ts`). */
export type Precondition<T> = GenericPrecondition<T, Currency>;

export function productNotFound(id: string): AppError {
  return new AppError('PRODUCT_NOT_FOUND', `No product "${id}" in this store. List products with GET /v1/products.`);
}
