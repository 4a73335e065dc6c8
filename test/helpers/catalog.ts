import assert from 'node:assert/strict';
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

/** A customer row written straight to the database (the customer routes live in their own area). */
export async function insertCustomer(
  t: { container: { db: { kysely: any } } },
  storeId: string,
  options: { mode?: 'live' | 'test'; name?: string; banned?: boolean; addresses?: unknown[]; createdAt?: Date } = {},
): Promise<string> {
  const id = `cus_${Date.now().toString(36).toUpperCase().padStart(10, '0')}${Math.random().toString(36).slice(2, 18).toUpperCase().padEnd(16, '0')}`.slice(0, 30);
  const at = (options.createdAt ?? new Date()).toISOString();
  const name = options.name ?? 'Casey Customer';
  await t.container.db.kysely
    .insertInto('customers')
    .values({
      id,
      store_id: storeId,
      mode: options.mode ?? 'live',
      name,
      name_folded: name.toLowerCase(),
      email: `${id.toLowerCase()}@example.com`,
      email_normalized: `${id.toLowerCase()}@example.com`,
      phone: null,
      // Stored as the API stores them: every field of the address, null when not given (GET /v1/customers/{id} answers them).
      addresses: JSON.stringify(
        ((options.addresses as Array<Record<string, unknown>> | undefined) ?? [{ line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' }]).map((a) => ({
          label: null,
          name: null,
          line2: null,
          postalCode: null,
          stateId: null,
          phone: null,
          ...a,
        })),
      ),
      banned_at: options.banned ? at : null,
      ban_reason: options.banned ? 'fraud' : null,
      ban_expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * The invariant of stock locations (decision 0030): every SKU's quantity_in_stock is the sum available (on hand less
 * allocated) over the store's active locations, and no level is below zero.
 */
export async function assertStockSums(t: { container: { db: { kysely: any } } }, storeId: string): Promise<void> {
  const k = t.container.db.kysely;
  const skus: Array<{ id: string; quantity_in_stock: number }> = await k.selectFrom('skus').select(['id', 'quantity_in_stock']).where('store_id', '=', storeId).execute();
  for (const s of skus) {
    const lv: Array<{ on_hand: number; allocated: number; active: unknown }> = await k
      .selectFrom('stock_levels')
      .innerJoin('stock_locations', 'stock_locations.id', 'stock_levels.location_id')
      .select(['stock_levels.on_hand', 'stock_levels.allocated', 'stock_locations.active'])
      .where('stock_levels.sku_id', '=', s.id)
      .execute();
    for (const l of lv) assert.ok(Number(l.allocated) >= 0 && Number(l.on_hand) >= Number(l.allocated), `SKU ${s.id}: a level below zero`);
    const sum = lv.filter((l) => Boolean(l.active)).reduce((n, l) => n + Number(l.on_hand) - Number(l.allocated), 0);
    assert.equal(Number(s.quantity_in_stock), sum, `SKU ${s.id}: quantity_in_stock is the sum available over active locations`);
  }
}
