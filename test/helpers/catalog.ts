import type { FastifyInstance } from 'fastify';
import { client, type Merchant } from './merchants.ts';

/** Creates a VARIABLE product with one group of SKUs through the API and returns their ids. */
export async function variableProduct(
  app: FastifyInstance,
  m: Merchant,
  options: { name?: string; skus?: Array<Record<string, unknown>>; group?: Record<string, unknown> } = {},
): Promise<{ productId: string; groupId: string; skuIds: string[] }> {
  const call = client(app);
  const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: options.name ?? 'Tee' } });
  if (product.status !== 201) throw new Error(`product: ${product.status} ${product.raw}`);
  const group = await call('POST', `/v2/products/${product.body.data.id}/variant-groups`, {
    headers: m.auth,
    body: {
      attributeName: 'Color',
      attributeValue: 'Red',
      skus: options.skus ?? [
        { price: 20, quantityInStock: 5, attributes: { Size: 'M' } },
        { price: 22, quantityInStock: 3, attributes: { Size: 'L' } },
      ],
      ...options.group,
    },
  });
  if (group.status !== 201) throw new Error(`group: ${group.status} ${group.raw}`);
  return { productId: product.body.data.id, groupId: group.body.data.id, skuIds: group.body.data.skus.map((s: { id: string }) => s.id) };
}

/** Counts rows of a table for a store: to assert nothing was written. */
export async function countRows(app: { container: { db: { kysely: any } } }, table: 'products' | 'skus' | 'variant_groups' | 'categories' | 'inventory_adjustments', storeId: string): Promise<number> {
  const row = await app.container.db.kysely.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
  return Number(row.n);
}
