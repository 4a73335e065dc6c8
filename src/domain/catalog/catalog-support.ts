import type { Tenant } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Currency } from '../shared/money.ts';
import type { Precondition as GenericPrecondition } from '../shared/preconditions.ts';
import type { CatalogRepo } from './ports.ts';
import type { Product, ProductView } from './types.ts';

/** If-Match on catalog writes: a check of the current resource and the store currency (see `../shared/preconditions.ts`). */
export type Precondition<T> = GenericPrecondition<T, Currency>;

export function productNotFound(id: string): AppError {
  return new AppError('PRODUCT_NOT_FOUND', `No product "${id}" in this store. List products with GET /v1/products.`);
}

/** The v1 view of products (GET /v1/products, /v1/products/{id}): each with its SIMPLE SKU and its SKUs' summary. */
export async function productViews(repos: { catalog: Pick<CatalogRepo, 'simpleSkus' | 'skuSummaries'> }, tenant: Tenant, products: Product[]): Promise<ProductView[]> {
  const ids = products.map((p) => p.id);
  const [simple, summaries] = await Promise.all([repos.catalog.simpleSkus(tenant, ids), repos.catalog.skuSummaries(tenant, ids)]);
  return products.map((p) => ({
    ...p,
    simpleSku: simple.get(p.id) ?? null,
    summary: summaries.get(p.id) ?? { skuCount: 0, totalStock: 0, minPriceMinor: null, maxPriceMinor: null },
  }));
}

/** One product's v1 view as GET /v1/products/{id} shows it (in the caller's transaction), or undefined. */
export async function findProductView(repos: { catalog: Pick<CatalogRepo, 'findProduct' | 'simpleSkus' | 'skuSummaries'> }, tenant: Tenant, id: string): Promise<ProductView | undefined> {
  const product = await repos.catalog.findProduct(tenant, id);
  return product && (await productViews(repos, tenant, [product]))[0];
}
