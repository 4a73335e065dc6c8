import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { DeliveryOption, DeliveryZone, Region } from '../domain/delivery/types.ts';
import { type Dialect, fromBool, fromDate, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, DeliveryOptionTable, DeliveryZoneTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { DeliveryRepo, OptionPatch } from '../domain/delivery/ports.ts';

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

/** Delivery zones and their options. Every method takes the tenant first and filters on it (`inTenant`). */
export function createDeliveryRepo(db: Kysely<Database>, dialect: Dialect): DeliveryRepo {
  return {
    async optionWithZones(tenant: Tenant, optionId: string) {
      // An option belongs to one zone of its store and mode: it joins that zone's row, every other row has none.
      const rows = await db
        .selectFrom('delivery_zones as z')
        .leftJoin('delivery_options as o', (join) => join.onRef('o.zone_id', '=', 'z.id').on('o.id', '=', optionId))
        .selectAll('z')
        .select([
          'o.id as o_id',
          'o.store_id as o_store_id',
          'o.mode as o_mode',
          'o.zone_id as o_zone_id',
          'o.name as o_name',
          'o.fee_minor as o_fee_minor',
          'o.free_over_minor as o_free_over_minor',
          'o.min_days as o_min_days',
          'o.max_days as o_max_days',
          'o.active as o_active',
          'o.created_at as o_created_at',
          'o.updated_at as o_updated_at',
        ])
        .where(inTenant(tenant, 'z'))
        .orderBy('z.id')
        .execute();
      const withOption = rows.find((r) => r.o_id !== null && r.o_store_id === tenant.storeId && r.o_mode === tenant.mode);
      const option =
        withOption &&
        toOption({
          id: withOption.o_id!,
          store_id: withOption.o_store_id!,
          mode: withOption.o_mode!,
          zone_id: withOption.o_zone_id!,
          name: withOption.o_name!,
          fee_minor: withOption.o_fee_minor!,
          free_over_minor: withOption.o_free_over_minor,
          min_days: withOption.o_min_days,
          max_days: withOption.o_max_days,
          active: withOption.o_active!,
          created_at: withOption.o_created_at!,
          updated_at: withOption.o_updated_at!,
        });
      return { option, zones: rows.map(toZone) };
    },

    /**
     * Serializes zone and option writes of one store and mode until the transaction ends, so two zones cannot claim
     * the same region at once, a zone's option limit holds, and an If-Match check sees the state it writes over. PostgreSQL: a transaction-scoped advisory lock; SQLite has a single writer already.
     */
    async lockZones(tenant: Tenant): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`delivery_zones:${tenant.storeId}:${tenant.mode}`}, 0))`.execute(db);
    },

    /** Oldest first; up to `limit + 1` zones after the cursor id. */
    async listZones(tenant: Tenant, options: { limit: number; after?: string | undefined }): Promise<DeliveryZone[]> {
      let q = db.selectFrom('delivery_zones').selectAll().where(inTenant(tenant)).orderBy('id').$call(pageLimit(options.limit));
      if (options.after) q = q.where('id', '>', options.after);
      return (await q.execute()).map(toZone);
    },

    /** Every zone of the store and mode (at most DELIVERY_LIMITS.zonesPerStore), to decide which one serves an address. */
    async allZones(tenant: Tenant): Promise<DeliveryZone[]> {
      return (await db.selectFrom('delivery_zones').selectAll().where(inTenant(tenant)).orderBy('id').execute()).map(toZone);
    },

    async countZones(tenant: Tenant): Promise<number> {
      const row = await db.selectFrom('delivery_zones').select((eb) => eb.fn.countAll().as('n')).where(inTenant(tenant)).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findZone(tenant: Tenant, id: string): Promise<DeliveryZone | undefined> {
      const row = await db.selectFrom('delivery_zones').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toZone(row);
    },

    async insertZone(tenant: Tenant, z: DeliveryZone): Promise<void> {
      await db
        .insertInto('delivery_zones')
        .values({ id: z.id, ...tenantColumns(tenant), name: z.name, regions: JSON.stringify(z.regions), created_at: fromDate(z.createdAt), updated_at: fromDate(z.updatedAt) })
        .execute();
    },

    async updateZone(tenant: Tenant, id: string, patch: { name?: string; regions?: Region[] }, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.regions !== undefined) set.regions = JSON.stringify(patch.regions);
      await db.updateTable('delivery_zones').set(set).where(inTenant(tenant)).where('id', '=', id).execute();
    },

    /** Deletes the zone; its options go with it (foreign key cascade). */
    async deleteZone(tenant: Tenant, id: string): Promise<boolean> {
      const result = await db.deleteFrom('delivery_zones').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Options of the given zones, by zone then creation. */
    async optionsOfZones(tenant: Tenant, zoneIds: readonly string[]): Promise<DeliveryOption[]> {
      if (zoneIds.length === 0) return [];
      const rows = await db
        .selectFrom('delivery_options')
        .selectAll()
        .where(inTenant(tenant))
        .where('zone_id', 'in', [...zoneIds])
        .orderBy('zone_id')
        .orderBy('id')
        .execute();
      return rows.map(toOption);
    },

    async countOptions(tenant: Tenant, zoneId: string): Promise<number> {
      const row = await db
        .selectFrom('delivery_options')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(inTenant(tenant))
        .where('zone_id', '=', zoneId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findOption(tenant: Tenant, id: string): Promise<DeliveryOption | undefined> {
      const row = await db.selectFrom('delivery_options').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toOption(row);
    },

    async insertOption(tenant: Tenant, o: DeliveryOption): Promise<void> {
      await db
        .insertInto('delivery_options')
        .values({
          id: o.id,
          ...tenantColumns(tenant),
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

    async updateOption(tenant: Tenant, id: string, patch: OptionPatch, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.feeMinor !== undefined) set.fee_minor = patch.feeMinor;
      if (patch.freeOverMinor !== undefined) set.free_over_minor = patch.freeOverMinor;
      if (patch.estimatedDaysMin !== undefined) set.min_days = patch.estimatedDaysMin;
      if (patch.estimatedDaysMax !== undefined) set.max_days = patch.estimatedDaysMax;
      if (patch.active !== undefined) set.active = fromBool(patch.active);
      await db.updateTable('delivery_options').set(set).where(inTenant(tenant)).where('id', '=', id).execute();
    },

    async deleteOption(tenant: Tenant, id: string): Promise<boolean> {
      const result = await db.deleteFrom('delivery_options').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

