import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { Precondition as GenericPrecondition } from '../preconditions.ts';
import type { Repos } from '../../db/repos.ts';
import { currencyOf } from './money.ts';
import type { Currency } from './types.ts';

/** If-Match on catalog writes: a check of the current resource and the store currency (see `../preconditions.ts`). */
export type Precondition<T> = GenericPrecondition<T, Currency>;

/** Whether an image file id belongs to the store (the files service implements it). */
export interface FileLookup {
  imageExists(tenant: Tenant, fileId: string): Promise<boolean>;
}

export async function storeCurrency(repos: Repos, ctx: StoreContext): Promise<Currency> {
  const store = await repos.stores.findStore(ctx.tenant.storeId);
  return currencyOf(store?.currency ?? 'USD');
}

export function invalid(details: ErrorDetail[]): AppError {
  const shown = details.slice(0, 3).map((d) => `${d.path} ${d.rule}`).join('; ');
  const more = details.length > 3 ? ` (and ${details.length - 3} more)` : '';
  return new AppError('VALIDATION_FAILED', `The request is not valid: ${shown}${more}.`, { details });
}

export function productNotFound(id: string): AppError {
  return new AppError('PRODUCT_NOT_FOUND', `No product "${id}" in this store. List products with GET /v1/products.`);
}
