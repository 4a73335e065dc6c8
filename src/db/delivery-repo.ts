import { type Kysely, type Selectable, sql } from 'kysely';
import type { Mode } from '../context.ts';
import type { DeliveryOption, DeliveryZone, Region } from '../domain/delivery/types.ts';
import { type Dialect, fromBool, fromDate, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, DeliveryOptionTable, DeliveryZoneTable } from './schema.ts';

function toZone(r: Selectable<DeliveryZoneTable>): DeliveryZone {
  return { id: r.id, name: r.name, regions: JSON.parse(r.regions) as Region[], createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at) };
}

function toOption(r: Selectable<DeliveryOptionTable>): DeliveryOption {
  return {
    id: r.id,
    zoneId: r.zone_id,
    name: r.name,
    feeMinor: Number(r.fee_minor),
    freeOverMinor: r.free_over_minor === null ? null : Number(r.free_over_minor),
    estimatedDaysMin: r.min_days === null ? null : Number(r.min_days),
    estimatedDaysMax: r.max_days === null ? null : Number(r.max_days),
    active: toBool(r.active),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

export type OptionPatch = Partial<Pick<DeliveryOption, 'name' | 'feeMinor' | 'freeOverMinor' | 'estimatedDaysMin' | 'estimatedDaysMax' | 'active'>>;

/** Delivery zones and their options. Every method takes the store and mode first and filters on them. */
export function createDeliveryRepo(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Serializes zone and option writes of one store and mode until the transaction ends, so two zones cannot claim
     * the same region at once, a zone's option limit holds, and an If-Match check sees the state it writes over. PostgreSQL: a transaction-scoped advisory lock; SQLite has a single writer already.
     */
    async lockZones(storeId: string, mode: Mode): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`delivery_zones:${storeId}:${mode}`}, 0))`.execute(db);
    },

    /** Oldest first; up to `limit + 1` zones after the cursor id. */
    async listZones(storeId: string, mode: Mode, options: { limit: number; after?: string | undefined }): Promise<DeliveryZone[]> {
      let q = db.selectFrom('delivery_zones').selectAll().where('store_id', '=', storeId).where('mode', '=', mode).orderBy('id').$call(pageLimit(options.limit));
      if (options.after) q = q.where('id', '>', options.after);
      return (await q.execute()).map(toZone);
    },

    /** Every zone of the store and mode (at most DELIVERY_LIMITS.zonesPerStore), to decide which one serves an address. */
    async allZones(storeId: string, mode: Mode): Promise<DeliveryZone[]> {
      return (await db.selectFrom('delivery_zones').selectAll().where('store_id', '=', storeId).where('mode', '=', mode).orderBy('id').execute()).map(toZone);
    },

    async countZones(storeId: string, mode: Mode): Promise<number> {
      const row = await db.selectFrom('delivery_zones').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).where('mode', '=', mode).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findZone(storeId: string, mode: Mode, id: string): Promise<DeliveryZone | undefined> {
      const row = await db.selectFrom('delivery_zones').selectAll().where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).executeTakeFirst();
      return row && toZone(row);
    },

    async insertZone(storeId: string, mode: Mode, z: DeliveryZone): Promise<void> {
      await db
        .insertInto('delivery_zones')
        .values({ id: z.id, store_id: storeId, mode, name: z.name, regions: JSON.stringify(z.regions), created_at: fromDate(z.createdAt), updated_at: fromDate(z.updatedAt) })
        .execute();
    },

    async updateZone(storeId: string, mode: Mode, id: string, patch: { name?: string; regions?: Region[] }, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.regions !== undefined) set.regions = JSON.stringify(patch.regions);
      await db.updateTable('delivery_zones').set(set).where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).execute();
    },

    /** Deletes the zone; its options go with it (foreign key cascade). */
    async deleteZone(storeId: string, mode: Mode, id: string): Promise<boolean> {
      const result = await db.deleteFrom('delivery_zones').where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Options of the given zones, by zone then creation. */
    async optionsOfZones(storeId: string, mode: Mode, zoneIds: readonly string[]): Promise<DeliveryOption[]> {
      if (zoneIds.length === 0) return [];
      const rows = await db
        .selectFrom('delivery_options')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('mode', '=', mode)
        .where('zone_id', 'in', [...zoneIds])
        .orderBy('zone_id')
        .orderBy('id')
        .execute();
      return rows.map(toOption);
    },

    async countOptions(storeId: string, mode: Mode, zoneId: string): Promise<number> {
      const row = await db
        .selectFrom('delivery_options')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('store_id', '=', storeId)
        .where('mode', '=', mode)
        .where('zone_id', '=', zoneId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findOption(storeId: string, mode: Mode, id: string): Promise<DeliveryOption | undefined> {
      const row = await db.selectFrom('delivery_options').selectAll().where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).executeTakeFirst();
      return row && toOption(row);
    },

    async insertOption(storeId: string, mode: Mode, o: DeliveryOption): Promise<void> {
      await db
        .insertInto('delivery_options')
        .values({
          id: o.id,
          store_id: storeId,
          mode,
          zone_id: o.zoneId,
          name: o.name,
          fee_minor: o.feeMinor,
          free_over_minor: o.freeOverMinor,
          min_days: o.estimatedDaysMin,
          max_days: o.estimatedDaysMax,
          active: fromBool(o.active),
          created_at: fromDate(o.createdAt),
          updated_at: fromDate(o.updatedAt),
        })
        .execute();
    },

    async updateOption(storeId: string, mode: Mode, id: string, patch: OptionPatch, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.feeMinor !== undefined) set.fee_minor = patch.feeMinor;
      if (patch.freeOverMinor !== undefined) set.free_over_minor = patch.freeOverMinor;
      if (patch.estimatedDaysMin !== undefined) set.min_days = patch.estimatedDaysMin;
      if (patch.estimatedDaysMax !== undefined) set.max_days = patch.estimatedDaysMax;
      if (patch.active !== undefined) set.active = fromBool(patch.active);
      await db.updateTable('delivery_options').set(set).where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).execute();
    },

    async deleteOption(storeId: string, mode: Mode, id: string): Promise<boolean> {
      const result = await db.deleteFrom('delivery_options').where('store_id', '=', storeId).where('mode', '=', mode).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
