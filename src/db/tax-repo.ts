import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { TaxRepo } from '../domain/taxes/ports.ts';
import type { TaxRegion, TaxSettings } from '../domain/taxes/types.ts';
import { type Dialect, fromDate, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, TaxRegionTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toRegion(r: Selectable<TaxRegionTable>): TaxRegion {
  return {
    id: r.id,
    name: r.name,
    countryId: r.country_id,
    stateId: r.state_id === '' ? null : r.state_id,
    rates: JSON.parse(r.rates) as Record<string, number>,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** The store settings' tax columns of `taxSettingsWithRegions`'s join; undefined when the store has no settings row. */
function settingsOfJoin(r: { settings_prices_include_tax: number | boolean | null; settings_shipping_tax_class: string | null }): TaxSettings | undefined {
  if (r.settings_shipping_tax_class === null || r.settings_prices_include_tax === null) return undefined;
  return { pricesIncludeTax: toBool(r.settings_prices_include_tax), shippingTaxClass: r.settings_shipping_tax_class };
}

/** Tax regions with their rates. Every method takes the tenant first and filters on it (`inTenant`). */
export function createTaxRepo(db: Kysely<Database>, dialect: Dialect): TaxRepo {
  return {
    async lockRegions(tenant: Tenant): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`tax_regions:${tenant.storeId}:${tenant.mode}`}, 0))`.execute(db);
    },

    async listRegions(tenant: Tenant, options: { limit: number; after?: string | undefined }): Promise<TaxRegion[]> {
      let q = db.selectFrom('tax_regions').selectAll().where(inTenant(tenant)).orderBy('id').$call(pageLimit(options.limit));
      if (options.after) q = q.where('id', '>', options.after);
      return (await q.execute()).map(toRegion);
    },

    async allRegions(tenant: Tenant): Promise<TaxRegion[]> {
      return (await db.selectFrom('tax_regions').selectAll().where(inTenant(tenant)).orderBy('id').execute()).map(toRegion);
    },

    async regionsOfCountry(tenant: Tenant, countryId: string): Promise<TaxRegion[]> {
      // tax_regions_place_idx (store, mode, country, state)
      return (await db.selectFrom('tax_regions').selectAll().where(inTenant(tenant)).where('country_id', '=', countryId).execute()).map(toRegion);
    },

    async taxSettingsWithRegions(tenant: Tenant, countryId: string | null) {
      if (dialect !== 'postgres') {
        // SQLite: two plain reads, which it runs faster than the one below (decision 0041).
        const settings = await db.selectFrom('store_settings').select(['prices_include_tax as settings_prices_include_tax', 'shipping_tax_class as settings_shipping_tax_class']).where(inTenant(tenant)).executeTakeFirst();
        const regions = countryId === null ? [] : (await db.selectFrom('tax_regions').selectAll().where(inTenant(tenant)).where('country_id', '=', countryId).execute()).map(toRegion);
        return { settings: settings && settingsOfJoin(settings), regions };
      }
      // One read from a one-row source, so the settings come back without regions and the regions without settings.
      const q = db
        .selectFrom(db.selectNoFrom(sql<number>`1`.as('one')).as('one'))
        .leftJoin('store_settings', (j) => j.on('store_settings.store_id', '=', tenant.storeId).on('store_settings.mode', '=', tenant.mode))
        .select(['store_settings.prices_include_tax as settings_prices_include_tax', 'store_settings.shipping_tax_class as settings_shipping_tax_class']);
      if (countryId === null) {
        const row = await q.executeTakeFirstOrThrow();
        return { settings: settingsOfJoin(row), regions: [] };
      }
      // tax_regions_place_idx (store, mode, country, state)
      const rows = await q
        .leftJoin('tax_regions', (j) => j.on('tax_regions.store_id', '=', tenant.storeId).on('tax_regions.mode', '=', tenant.mode).on('tax_regions.country_id', '=', countryId))
        .selectAll('tax_regions')
        .execute();
      return { settings: settingsOfJoin(rows[0]!), regions: rows.filter((r) => r.id !== null).map((r) => toRegion(r as Selectable<TaxRegionTable>)) };
    },

    async countRegions(tenant: Tenant): Promise<number> {
      const row = await db.selectFrom('tax_regions').select((eb) => eb.fn.countAll().as('n')).where(inTenant(tenant)).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findRegion(tenant: Tenant, id: string): Promise<TaxRegion | undefined> {
      const row = await db.selectFrom('tax_regions').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toRegion(row);
    },

    async insertRegion(tenant: Tenant, r: TaxRegion): Promise<void> {
      await db
        .insertInto('tax_regions')
        .values({
          id: r.id,
          ...tenantColumns(tenant),
          name: r.name,
          country_id: r.countryId,
          state_id: r.stateId ?? '',
          rates: JSON.stringify(r.rates),
          created_at: fromDate(r.createdAt),
          updated_at: fromDate(r.updatedAt),
        })
        .execute();
    },

    async updateRegion(tenant: Tenant, id: string, patch: Partial<Pick<TaxRegion, 'name' | 'countryId' | 'stateId' | 'rates'>>, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.countryId !== undefined) set.country_id = patch.countryId;
      if (patch.stateId !== undefined) set.state_id = patch.stateId ?? '';
      if (patch.rates !== undefined) set.rates = JSON.stringify(patch.rates);
      await db.updateTable('tax_regions').set(set).where(inTenant(tenant)).where('id', '=', id).execute();
    },

    async deleteRegion(tenant: Tenant, id: string): Promise<boolean> {
      const result = await db.deleteFrom('tax_regions').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
