import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { StockRepo } from '../domain/inventory/ports.ts';
import { newId } from '../domain/shared/ids.ts';
import type { AllocatedUnits, LevelChange, LocationAddress, LocationUnits, StockLevel, StockLocation } from '../domain/inventory/types.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, StockLocationTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toLocation(r: Selectable<StockLocationTable>): StockLocation {
  return {
    id: r.id,
    name: r.name,
    address: r.address === null ? null : (JSON.parse(r.address) as LocationAddress),
    active: toBool(r.active),
    isDefault: toBool(r.is_default),
    position: Number(r.position),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** The store's default location id in this mode, inserted when missing (two racing inserts: one wins, by the unique index). */
export async function defaultLocationId(db: Kysely<Database>, tenant: Tenant, now: Date): Promise<string> {
  const find = () => db.selectFrom('stock_locations').select('id').where(inTenant(tenant)).where('is_default', '=', fromBool(true)).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  const at = fromDate(now);
  await db
    .insertInto('stock_locations')
    .values({ id: newId('loc', now), ...tenantColumns(tenant), name: 'Default location', address: null, active: 1, is_default: 1, position: 0, created_at: at, updated_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}

/** The SKU's levels with units available at active locations, in the order of preference (under the caller's SKU lock). */
function availableLevels(db: Kysely<Database>, tenant: Tenant, skuId: string) {
  return db
    .selectFrom('stock_levels')
    .innerJoin('stock_locations', 'stock_locations.id', 'stock_levels.location_id')
    .select(['stock_levels.location_id', 'stock_levels.on_hand', 'stock_levels.allocated'])
    .where(inTenant(tenant, 'stock_levels'))
    .where('stock_levels.sku_id', '=', skuId)
    .where('stock_locations.active', '=', fromBool(true))
    .where(sql<boolean>`stock_levels.on_hand > stock_levels.allocated`)
    .orderBy('stock_locations.position')
    .orderBy('stock_locations.id')
    .execute();
}

/**
 * The levels' side of a change of `skus.quantity_in_stock` by `delta` made the old way (a SKU's quantityInStock set, an
 * adjustment without a location, an order taking or returning stock), in the caller's transaction right after the SKU
 * row's update (which holds its lock): units added land at the default location; units removed come off the active
 * locations' available stock in the order of preference. The SKU figure was checked not to go below zero, and it is
 * the sum of those available units, so they are there; if not (a broken invariant), this throws and the whole
 * transaction rolls back rather than lose a unit.
 */
export async function spreadStockChange(db: Kysely<Database>, tenant: Tenant, skuId: string, delta: number, now: Date): Promise<LevelChange[]> {
  if (delta === 0) return [];
  const at = fromDate(now);
  if (delta > 0) {
    const locationId = await defaultLocationId(db, tenant, now);
    const level = await db
      .insertInto('stock_levels')
      .values({ ...tenantColumns(tenant), sku_id: skuId, location_id: locationId, on_hand: delta, allocated: 0, updated_at: at })
      .onConflict((oc) => oc.columns(['sku_id', 'location_id']).doUpdateSet({ on_hand: sql`stock_levels.on_hand + ${delta}`, updated_at: at }))
      .returning(['on_hand', 'allocated'])
      .executeTakeFirstOrThrow();
    return [{ locationId, onHandBefore: Number(level.on_hand) - delta, allocatedBefore: Number(level.allocated) }];
  }
  let left = -delta;
  const changed: LevelChange[] = [];
  const levels = await availableLevels(db, tenant, skuId);
  for (const level of levels) {
    if (left === 0) break;
    const take = Math.min(left, Number(level.on_hand) - Number(level.allocated));
    await db
      .updateTable('stock_levels')
      .set({ on_hand: sql`on_hand - ${take}`, updated_at: at })
      .where('sku_id', '=', skuId)
      .where('location_id', '=', level.location_id)
      .execute();
    changed.push({ locationId: level.location_id, onHandBefore: Number(level.on_hand), allocatedBefore: Number(level.allocated) });
    left -= take;
  }
  if (left > 0) throw new Error(`stock levels of SKU ${skuId} hold ${-delta - left} available units, not the ${-delta} taken off its quantity_in_stock`);
  return changed;
}

/**
 * The levels' side of an order's allocation (docs/fulfilment.md, "Allocation"), in the caller's transaction right after
 * each SKU row's conditional update lowered `quantity_in_stock` by its quantity (which holds the SKU's lock and is the
 * guard against overselling): raises `allocated` at the active locations in the order of preference, taking from each
 * what it has available, splitting a SKU's units over several when one does not hold enough. Two statements for all
 * the SKUs: one read of their available levels, one update of the levels taken from. Answers where each SKU's units
 * were allocated, in the order of preference (with the location's name). As in `spreadStockChange`, fewer available
 * units than the SKU figure said is a broken invariant: it throws and the transaction rolls back.
 */
export async function allocateLevels(
  db: Kysely<Database>,
  tenant: Tenant,
  wants: ReadonlyArray<{ skuId: string; quantity: number }>,
  now: Date,
): Promise<Map<string, Array<AllocatedUnits & { locationName: string }>>> {
  const taken = new Map<string, Array<AllocatedUnits & { locationName: string }>>();
  if (wants.length === 0) return taken;
  const levels = await db
    .selectFrom('stock_levels')
    .innerJoin('stock_locations', 'stock_locations.id', 'stock_levels.location_id')
    .select(['stock_levels.sku_id', 'stock_levels.location_id', 'stock_levels.on_hand', 'stock_levels.allocated', 'stock_locations.name'])
    .where(inTenant(tenant, 'stock_levels'))
    .where(
      'stock_levels.sku_id',
      'in',
      wants.map((w) => w.skuId),
    )
    .where('stock_locations.active', '=', fromBool(true))
    .where(sql<boolean>`stock_levels.on_hand > stock_levels.allocated`)
    .orderBy('stock_locations.position')
    .orderBy('stock_locations.id')
    .execute();
  const takes: Array<{ skuId: string; locationId: string; take: number }> = [];
  for (const want of wants) {
    let left = want.quantity;
    const units: Array<AllocatedUnits & { locationName: string }> = [];
    for (const level of levels) {
      if (left === 0) break;
      if (level.sku_id !== want.skuId) continue;
      const take = Math.min(left, Number(level.on_hand) - Number(level.allocated));
      takes.push({ skuId: want.skuId, locationId: level.location_id, take });
      units.push({ locationId: level.location_id, locationName: level.name, quantity: take, onHand: Number(level.on_hand), allocated: Number(level.allocated) + take });
      left -= take;
    }
    if (left > 0) throw new Error(`stock levels of SKU ${want.skuId} hold ${want.quantity - left} available units, not the ${want.quantity} allocated off its quantity_in_stock`);
    taken.set(want.skuId, units);
  }
  if (takes.length === 0) return taken;
  const by = sql.join(
    takes.map((t) => sql`when stock_levels.sku_id = ${t.skuId} and stock_levels.location_id = ${t.locationId} then cast(${t.take} as integer)`),
    sql` `,
  );
  await db
    .updateTable('stock_levels')
    .set({ allocated: sql`allocated + case ${by} else 0 end`, updated_at: fromDate(now) })
    .where(inTenant(tenant))
    .where((eb) => eb.or(takes.map((t) => eb.and([eb('sku_id', '=', t.skuId), eb('location_id', '=', t.locationId)]))))
    .execute();
  return taken;
}

/**
 * Releases units allocated at locations (a cancelled order), under the SKU row's lock the caller holds: `allocated`
 * goes down at each location. Answers how many of the units come back on sale: those at active locations (the SKU's
 * `quantity_in_stock` rises by that much; units allocated at a location deactivated since are not counted in it).
 */
export async function releaseLevels(db: Kysely<Database>, tenant: Tenant, skuId: string, units: readonly LocationUnits[], now: Date): Promise<number> {
  let onSale = 0;
  const at = fromDate(now);
  for (const u of units) {
    if (u.quantity === 0) continue;
    await db
      .updateTable('stock_levels')
      .set({ allocated: sql`allocated - ${u.quantity}`, updated_at: at })
      .where(inTenant(tenant))
      .where('sku_id', '=', skuId)
      .where('location_id', '=', u.locationId)
      .execute();
    const location = await db.selectFrom('stock_locations').select('active').where('id', '=', u.locationId).executeTakeFirst();
    if (location && toBool(location.active)) onSale += u.quantity;
  }
  return onSale;
}

/** The levels of SKUs just inserted: their whole stock at the store's default location. */
export async function insertDefaultLevels(db: Kysely<Database>, tenant: Tenant, skus: ReadonlyArray<{ id: string; quantityInStock: number }>, now: Date): Promise<void> {
  if (skus.length === 0) return;
  const locationId = await defaultLocationId(db, tenant, now);
  const at = fromDate(now);
  await db
    .insertInto('stock_levels')
    .values(skus.map((s) => ({ ...tenantColumns(tenant), sku_id: s.id, location_id: locationId, on_hand: s.quantityInStock, allocated: 0, updated_at: at })))
    .execute();
}

/** Stock locations and the levels at them. Every method takes the tenant first and filters on it (`inTenant`). */
export function createStockRepo(db: Kysely<Database>, dialect: Dialect): StockRepo {
  const locked = rowLock(dialect);
  const levelSelect = () =>
    db
      .selectFrom('stock_levels')
      .innerJoin('skus', 'skus.id', 'stock_levels.sku_id')
      .select(['stock_levels.sku_id', 'skus.sku', 'skus.product_id', 'stock_levels.location_id', 'stock_levels.on_hand', 'stock_levels.allocated', 'stock_levels.updated_at']);
  type LevelRow = Awaited<ReturnType<ReturnType<typeof levelSelect>['execute']>>[number];
  const toLevel = (r: LevelRow): StockLevel => ({
    skuId: r.sku_id,
    sku: r.sku,
    productId: r.product_id,
    locationId: r.location_id,
    onHand: Number(r.on_hand),
    allocated: Number(r.allocated),
    updatedAt: toDate(r.updated_at),
  });

  return {
    async ensureDefaultLocation(tenant, now) {
      const id = await defaultLocationId(db, tenant, now);
      return toLocation(await db.selectFrom('stock_locations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    },

    async lockLocations(tenant) {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`stock_locations:${tenant.storeId}:${tenant.mode}`}, 0))`.execute(db);
    },

    async listLocations(tenant, options) {
      let q = db.selectFrom('stock_locations').selectAll().where(inTenant(tenant)).orderBy('position').orderBy('id').$call(pageLimit(options.limit));
      const after = options.after;
      if (after) q = q.where((eb) => eb(eb.refTuple('position', 'id'), '>', eb.tuple(after.position, after.id)));
      return (await q.execute()).map(toLocation);
    },

    async countLocations(tenant) {
      const row = await db.selectFrom('stock_locations').select((eb) => eb.fn.countAll().as('n')).where(inTenant(tenant)).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async maxPosition(tenant) {
      const row = await db.selectFrom('stock_locations').select((eb) => eb.fn.max('position').as('p')).where(inTenant(tenant)).executeTakeFirst();
      return row?.p === null || row?.p === undefined ? -1 : Number(row.p);
    },

    async findLocation(tenant, id) {
      const row = await db.selectFrom('stock_locations').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toLocation(row);
    },

    async insertLocation(tenant, l) {
      await db
        .insertInto('stock_locations')
        .values({
          id: l.id,
          ...tenantColumns(tenant),
          name: l.name,
          address: l.address === null ? null : JSON.stringify(l.address),
          active: fromBool(l.active),
          is_default: fromBool(l.isDefault),
          position: l.position,
          created_at: fromDate(l.createdAt),
          updated_at: fromDate(l.updatedAt),
        })
        .execute();
    },

    async updateLocation(tenant, id, patch, now) {
      await db
        .updateTable('stock_locations')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.address !== undefined ? { address: patch.address === null ? null : JSON.stringify(patch.address) } : {}),
          ...(patch.active !== undefined ? { active: fromBool(patch.active) } : {}),
          ...(patch.position !== undefined ? { position: patch.position } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async setDefaultLocation(tenant, id, now) {
      const at = fromDate(now);
      await db.updateTable('stock_locations').set({ is_default: 0, updated_at: at }).where(inTenant(tenant)).where('is_default', '=', fromBool(true)).where('id', '!=', id).execute();
      await db.updateTable('stock_locations').set({ is_default: 1, updated_at: at }).where(inTenant(tenant)).where('id', '=', id).execute();
    },

    async deleteLocation(tenant, id) {
      const result = await db.deleteFrom('stock_locations').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async locationHoldings(tenant, locationId) {
      const row = await db
        .selectFrom('stock_levels')
        .select([sql<number>`coalesce(sum(on_hand), 0)`.as('onHand'), sql<number>`coalesce(sum(allocated), 0)`.as('allocated')])
        .where(inTenant(tenant))
        .where('location_id', '=', locationId)
        .executeTakeFirstOrThrow();
      const open = await db
        .selectFrom('shipments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(inTenant(tenant))
        .where('location_id', '=', locationId)
        .where('status', '=', 'shipped')
        .executeTakeFirstOrThrow();
      return { onHand: Number(row.onHand), allocated: Number(row.allocated), openShipments: Number(open.n) };
    },

    async resumSkusAt(tenant, locationId, now) {
      const skus = await locked(
        db
          .selectFrom('skus')
          .select(['id', 'quantity_in_stock'])
          .where(inTenant(tenant))
          .where('id', 'in', (eb) => eb.selectFrom('stock_levels').select('sku_id').where('location_id', '=', locationId))
          .orderBy('id'),
      ).execute();
      const moved: Array<{ skuId: string; from: number; to: number }> = [];
      for (const s of skus) {
        const row = await db
          .selectFrom('stock_levels')
          .innerJoin('stock_locations', 'stock_locations.id', 'stock_levels.location_id')
          .select(sql<number>`coalesce(sum(stock_levels.on_hand - stock_levels.allocated), 0)`.as('available'))
          .where('stock_levels.sku_id', '=', s.id)
          .where('stock_locations.active', '=', fromBool(true))
          .executeTakeFirstOrThrow();
        const to = Number(row.available);
        const from = Number(s.quantity_in_stock);
        if (to === from) continue;
        await db.updateTable('skus').set({ quantity_in_stock: to, updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', s.id).execute();
        moved.push({ skuId: s.id, from, to });
      }
      return moved;
    },

    async lockSkuStock(tenant, skuId) {
      const row = await locked(db.selectFrom('skus').select(['quantity_in_stock', 'product_id', 'sku']).where(inTenant(tenant)).where('id', '=', skuId)).executeTakeFirst();
      return row && { quantityInStock: Number(row.quantity_in_stock), productId: row.product_id, sku: row.sku };
    },

    async findLevel(tenant, skuId, locationId) {
      const row = await levelSelect().where(inTenant(tenant, 'stock_levels')).where('stock_levels.sku_id', '=', skuId).where('stock_levels.location_id', '=', locationId).executeTakeFirst();
      return row && toLevel(row);
    },

    async changeOnHand(tenant, skuId, locationId, delta, now) {
      const at = fromDate(now);
      const updated = await db
        .updateTable('stock_levels')
        .set({ on_hand: sql`on_hand + ${delta}`, updated_at: at })
        .where(inTenant(tenant))
        .where('sku_id', '=', skuId)
        .where('location_id', '=', locationId)
        .where(sql<boolean>`on_hand + ${delta} >= allocated`)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return true;
      if (delta < 0) return false;
      const exists = await db.selectFrom('stock_levels').select('sku_id').where('sku_id', '=', skuId).where('location_id', '=', locationId).executeTakeFirst();
      if (exists) return false;
      await db.insertInto('stock_levels').values({ ...tenantColumns(tenant), sku_id: skuId, location_id: locationId, on_hand: delta, allocated: 0, updated_at: at }).execute();
      return true;
    },

    async changeSkuStock(tenant, skuId, delta, now) {
      if (delta === 0) return;
      await db
        .updateTable('skus')
        .set({ quantity_in_stock: sql`quantity_in_stock + ${delta}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', skuId)
        .execute();
    },

    async shipUnits(tenant, input, now) {
      const { skuId, locationId, quantity, allocatedHere } = input;
      const sku = await locked(db.selectFrom('skus').select('quantity_in_stock').where(inTenant(tenant)).where('id', '=', skuId)).executeTakeFirst();
      if (!sku) return null;
      const shipped = await db
        .updateTable('stock_levels')
        .set({ on_hand: sql`on_hand - ${quantity}`, allocated: sql`allocated - ${allocatedHere}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('sku_id', '=', skuId)
        .where('location_id', '=', locationId)
        .where('allocated', '>=', allocatedHere)
        .where(sql<boolean>`on_hand - ${quantity} >= allocated - ${allocatedHere}`)
        .executeTakeFirst();
      if (Number(shipped.numUpdatedRows) === 0) return false;
      const onSale = await releaseLevels(db, tenant, skuId, input.releasedElsewhere, now);
      const location = await db.selectFrom('stock_locations').select('active').where('id', '=', locationId).executeTakeFirst();
      // Units beyond the order's allocation there came off what the location had available (on sale when it is active).
      const delta = onSale - (location && toBool(location.active) ? quantity - allocatedHere : 0);
      const from = Number(sku.quantity_in_stock);
      if (delta !== 0) await db.updateTable('skus').set({ quantity_in_stock: sql`quantity_in_stock + ${delta}`, updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', skuId).execute();
      return { from, to: from + delta };
    },

    async levelsOfSku(tenant, skuId) {
      const rows = await levelSelect()
        .innerJoin('stock_locations', 'stock_locations.id', 'stock_levels.location_id')
        .where(inTenant(tenant, 'stock_levels'))
        .where('stock_levels.sku_id', '=', skuId)
        .orderBy('stock_locations.position')
        .orderBy('stock_locations.id')
        .execute();
      return rows.map(toLevel);
    },

    async levelsAt(tenant, locationId, options) {
      let q = levelSelect().where(inTenant(tenant, 'stock_levels')).where('stock_levels.location_id', '=', locationId).orderBy('stock_levels.sku_id').$call(pageLimit(options.limit));
      if (options.after) q = q.where('stock_levels.sku_id', '>', options.after);
      return (await q.execute()).map(toLevel);
    },
  };
}
