import { type Kysely, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { CategoryBreakdown, InventoryAdjustment, InventoryTotals, LowStockRow, StockBreakdown, StockLevelRow, StockState } from '../domain/catalog/types.ts';
import { likePattern } from './catalog-repo.ts';
import { fromDate, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { InventoryRepo, StockLevelQuery } from '../domain/catalog/ports.ts';

// The inventory figures are the domain's types (the wire shows them); this repository fills them in.

/** Stock history and the inventory figures of the dashboard, per store and mode. */
export function createInventoryRepo(db: Kysely<Database>): InventoryRepo {
  function totalsSelect(threshold: number) {
    return [
      sql<number>`count(skus.id)`.as('skuCount'),
      sql<number>`coalesce(sum(skus.quantity_in_stock), 0)`.as('unitsInStock'),
      sql<number>`coalesce(sum(skus.quantity_in_stock * skus.price_minor), 0)`.as('valueInStockMinor'),
      sql<number>`coalesce(sum(case when skus.quantity_in_stock > ${threshold} then 1 else 0 end), 0)`.as('inStock'),
      sql<number>`coalesce(sum(case when skus.quantity_in_stock > 0 and skus.quantity_in_stock <= ${threshold} then 1 else 0 end), 0)`.as('lowStock'),
      sql<number>`coalesce(sum(case when skus.quantity_in_stock = 0 then 1 else 0 end), 0)`.as('outOfStock'),
    ] as const;
  }
  const num = (r: Record<string, unknown>): InventoryTotals => ({
    skuCount: Number(r.skuCount),
    unitsInStock: Number(r.unitsInStock),
    valueInStockMinor: Number(r.valueInStockMinor),
    inStock: Number(r.inStock),
    lowStock: Number(r.lowStock),
    outOfStock: Number(r.outOfStock),
  });

  /** A SKU with its product's and variant group's names. */
  function selectStockLevels(tenant: Tenant) {
    return db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .leftJoin('variant_groups', 'variant_groups.id', 'skus.group_id')
      .select([
        'skus.id as skuId',
        'skus.sku',
        'skus.quantity_in_stock',
        'skus.attributes',
        'products.id as productId',
        'products.name as productName',
        'variant_groups.id as groupId',
        'variant_groups.attribute_name',
        'variant_groups.attribute_value',
      ])
      .where(inTenant(tenant, 'skus'));
  }
  type StockRow = Awaited<ReturnType<ReturnType<typeof selectStockLevels>['execute']>>[number];
  const toLowStockRow = (r: StockRow): LowStockRow => ({
    skuId: r.skuId,
    sku: r.sku,
    quantityInStock: Number(r.quantity_in_stock),
    productId: r.productId,
    productName: r.productName,
    groupId: r.groupId,
    groupName: r.attribute_name === null ? null : `${r.attribute_name}: ${r.attribute_value}`,
    attributes: JSON.parse(r.attributes) as Record<string, string>,
  });

  return {
    async insertAdjustment(tenant: Tenant, a: InventoryAdjustment): Promise<void> {
      await db
        .insertInto('inventory_adjustments')
        .values({
          id: a.id,
          ...tenantColumns(tenant),
          sku_id: a.skuId,
          delta: a.delta,
          quantity_after: a.quantityAfter,
          reason: a.reason,
          actor_type: a.actorType,
          actor_id: a.actorId,
          actor_label: a.actorLabel,
          created_at: fromDate(a.createdAt),
          location_id: a.locationId ?? null,
          note: a.note ?? null,
        })
        .execute();
    },

    /** Newest first; up to `limit + 1` rows. */
    async listAdjustments(tenant: Tenant, skuId: string, options: { limit: number; before?: string }): Promise<InventoryAdjustment[]> {
      let q = db
        .selectFrom('inventory_adjustments')
        .selectAll()
        .where(inTenant(tenant))
        .where('sku_id', '=', skuId)
        .orderBy('id', 'desc')
        .$call(pageLimit(options.limit));
      if (options.before) q = q.where('id', '<', options.before);
      return (await q.execute()).map((r) => ({
        id: r.id,
        skuId: r.sku_id,
        delta: Number(r.delta),
        quantityAfter: Number(r.quantity_after),
        reason: r.reason,
        actorType: r.actor_type,
        actorId: r.actor_id,
        actorLabel: r.actor_label,
        createdAt: toDate(r.created_at),
        locationId: r.location_id,
        note: r.note,
      }));
    },

    async totals(tenant: Tenant, threshold: number): Promise<InventoryTotals> {
      const row = await db.selectFrom('skus').select(totalsSelect(threshold)).where(inTenant(tenant, 'skus')).executeTakeFirstOrThrow();
      return num(row);
    },

    /** Totals per category (a product in two categories counts in both) plus one row (null) for uncategorised SKUs. */
    async byCategory(tenant: Tenant, threshold: number): Promise<CategoryBreakdown[]> {
      const categorised = await db
        .selectFrom('skus')
        .innerJoin('product_categories', 'product_categories.product_id', 'skus.product_id')
        .innerJoin('categories', 'categories.id', 'product_categories.category_id')
        .select(totalsSelect(threshold))
        .select(['categories.id as categoryId', 'categories.name as categoryName'])
        .where(inTenant(tenant, 'skus'))
        .groupBy(['categories.id', 'categories.name'])
        .orderBy('categories.name')
        .execute();
      const uncategorised = await db
        .selectFrom('skus')
        .select(totalsSelect(threshold))
        .where(inTenant(tenant, 'skus'))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('product_categories').select('product_categories.product_id').whereRef('product_categories.product_id', '=', 'skus.product_id'))))
        .executeTakeFirstOrThrow();
      const rows: CategoryBreakdown[] = categorised.map((r) => ({ ...num(r), categoryId: r.categoryId, categoryName: r.categoryName }));
      if (Number(uncategorised.skuCount) > 0) rows.push({ ...num(uncategorised), categoryId: null, categoryName: null });
      return rows;
    },

    /** SKUs at or below the threshold, fewest first, then by id; `after` continues from the last row of a page. */
    async lowStock(tenant: Tenant, threshold: number, options: { limit: number; after?: { quantity: number; id: string } }): Promise<LowStockRow[]> {
      let q = selectStockLevels(tenant).where('skus.quantity_in_stock', '<=', threshold);
      const after = options.after;
      if (after) {
        q = q.where((eb) =>
          eb.or([eb('skus.quantity_in_stock', '>', after.quantity), eb.and([eb('skus.quantity_in_stock', '=', after.quantity), eb('skus.id', '>', after.id)])]),
        );
      }
      const rows = await q.orderBy('skus.quantity_in_stock').orderBy('skus.id').$call(pageLimit(options.limit)).execute();
      return rows.map(toLowStockRow);
    },

    /**
     * Every SKU with its stock and its product's and group's names, by product name (folded) and then SKU id, up to
     * `limit + 1` rows (keyset pagination on that pair, `sortName` being the row's folded name). `threshold` decides
     * `stock` and the `stock` filter.
     */
    async stockLevels(tenant: Tenant, threshold: number, query: StockLevelQuery): Promise<Array<StockLevelRow & { sortName: string }>> {
      let q = selectStockLevels(tenant).select('products.name_folded');
      if (query.q) {
        const pattern = likePattern(query.q);
        q = q.where((eb) => eb.or([eb(sql`products.name_folded`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(skus.sku)`, 'like', sql`${pattern} escape '\\'`)]));
      }
      if (query.stock === 'out') q = q.where('skus.quantity_in_stock', '=', 0);
      else if (query.stock === 'low') q = q.where('skus.quantity_in_stock', '>', 0).where('skus.quantity_in_stock', '<=', threshold);
      else if (query.stock === 'in') q = q.where('skus.quantity_in_stock', '>', threshold);
      const after = query.after;
      if (after) q = q.where((eb) => eb(eb.refTuple('products.name_folded', 'skus.id'), '>', eb.tuple(after.name, after.id)));
      const rows = await q.orderBy('products.name_folded').orderBy('skus.id').$call(pageLimit(query.limit)).execute();
      return rows.map((r) => ({ ...toLowStockRow(r), stock: stockState(Number(r.quantity_in_stock), threshold), sortName: r.name_folded }));
    },

    /** One SKU's stock level, or undefined when the store and mode have no such SKU. */
    async stockLevel(tenant: Tenant, threshold: number, skuId: string): Promise<StockLevelRow | undefined> {
      const row = await selectStockLevels(tenant).where('skus.id', '=', skuId).executeTakeFirst();
      return row && { ...toLowStockRow(row), stock: stockState(Number(row.quantity_in_stock), threshold) };
    },

    async stockBreakdown(tenant: Tenant, skuIds: string[], now: Date): Promise<Map<string, StockBreakdown>> {
      const out = new Map<string, StockBreakdown>();
      if (skuIds.length === 0) return out;
      const levels = await db
        .selectFrom('stock_levels')
        .select((eb) => ['sku_id', eb.fn.sum<number>('on_hand').as('on_hand'), eb.fn.sum<number>('allocated').as('allocated')])
        .where(inTenant(tenant))
        .where('sku_id', 'in', skuIds)
        .groupBy('sku_id')
        .execute();
      const holds = await db
        .selectFrom('order_allocations')
        .innerJoin('orders', 'orders.id', 'order_allocations.order_id')
        .select((eb) => ['order_allocations.sku_id', eb.fn.sum<number>('order_allocations.quantity').as('held')])
        .where(inTenant(tenant, 'order_allocations'))
        .where('order_allocations.sku_id', 'in', skuIds)
        .where('orders.status', '=', 'pending')
        .where('orders.channel', '=', 'storefront')
        .where('orders.hold_expires_at', '>', fromDate(now))
        .groupBy('order_allocations.sku_id')
        .execute();
      const held = new Map(holds.map((h) => [h.sku_id, Number(h.held)]));
      for (const l of levels) {
        const h = held.get(l.sku_id) ?? 0;
        out.set(l.sku_id, { onHand: Number(l.on_hand), held: h, allocated: Number(l.allocated) - h });
      }
      return out;
    },

    async lowStockThreshold(storeId: string): Promise<number> {
      const row = await db.selectFrom('stores').select('low_stock_threshold').where('id', '=', storeId).executeTakeFirst();
      return Number(row?.low_stock_threshold ?? 5);
    },

    async setLowStockThreshold(storeId: string, threshold: number): Promise<void> {
      await db.updateTable('stores').set({ low_stock_threshold: threshold }).where('id', '=', storeId).execute();
    },
  };
}

/** In stock above the threshold, low from 1 to the threshold, out at 0 (the dashboard's counts use the same rule). */
export function stockState(quantity: number, threshold: number): StockState {
  return quantity === 0 ? 'out' : quantity <= threshold ? 'low' : 'in';
}
