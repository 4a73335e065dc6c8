import type { Color, Country, CountrySource, ReferenceRepo, Specification, SpecificationSource, State, StateSource, SyncCounts } from '../domain/reference/reference-types.ts';
import { type Db, fromBool, fromDate, toBool, toDate } from './db.ts';

const CHUNK = 500;

/** The one row of `reference_syncs` today: the data bundled with the service. */
const BUNDLED = 'bundled';

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Reference data is global (not tenant-owned): every store shares the same countries, states and specifications. */
export function createReferenceRepo(db: Db): ReferenceRepo {
  const { kysely } = db;

  return {
    async listCountries(): Promise<Country[]> {
      const rows = await kysely.selectFrom('countries').select(['id', 'name', 'status', 'created_at', 'updated_at']).execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: toBool(r.status),
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
      }));
    },

    async listStates(): Promise<State[]> {
      const rows = await kysely
        .selectFrom('states')
        .select(['id', 'country_id', 'name', 'status', 'created_at', 'updated_at'])
        .execute();
      return rows.map((r) => ({
        id: r.id,
        countryId: r.country_id,
        name: r.name,
        status: toBool(r.status),
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
      }));
    },

    async listSpecifications(): Promise<Specification[]> {
      return kysely.selectFrom('specifications').select(['id', 'name', 'slug', 'description']).execute();
    },

    async syncedFingerprint(): Promise<string | undefined> {
      const row = await kysely.selectFrom('reference_syncs').select('fingerprint').where('name', '=', BUNDLED).executeTakeFirst();
      return row?.fingerprint;
    },

    async recordSync(fingerprint: string, now: Date): Promise<void> {
      const at = fromDate(now);
      await kysely
        .insertInto('reference_syncs')
        .values({ name: BUNDLED, fingerprint, synced_at: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ fingerprint, synced_at: at }))
        .execute();
    },

    async listColors(): Promise<Color[]> {
      return kysely.selectFrom('colors').select(['id', 'name', 'hex']).execute();
    },

    async syncColors(sources: Color[], now: Date): Promise<SyncCounts> {
      const at = fromDate(now);
      return kysely.transaction().execute(async (trx) => {
        const existing = new Map((await trx.selectFrom('colors').select(['id', 'name', 'hex']).execute()).map((r) => [r.id, r]));
        const counts: SyncCounts = { inserted: 0, updated: 0, retired: 0, unchanged: 0 };
        for (const c of sources) {
          const row = existing.get(c.id);
          if (!row) {
            await trx.insertInto('colors').values({ ...c, created_at: at, updated_at: at }).onConflict((oc) => oc.column('id').doNothing()).execute();
            counts.inserted += 1;
          } else if (row.name !== c.name || row.hex !== c.hex) {
            await trx.updateTable('colors').set({ name: c.name, hex: c.hex, updated_at: at }).where('id', '=', c.id).execute();
            counts.updated += 1;
          } else {
            counts.unchanged += 1;
          }
        }
        return counts;
      });
    },

    async syncCountries(sources: CountrySource[], now: Date): Promise<SyncCounts> {
      const at = fromDate(now);
      return kysely.transaction().execute(async (trx) => {
        const existing = new Map(
          (await trx.selectFrom('countries').select(['id', 'name', 'alpha3', 'numeric_code', 'status']).execute()).map(
            (r) => [r.id, r],
          ),
        );
        const counts: SyncCounts = { inserted: 0, updated: 0, retired: 0, unchanged: 0 };
        const inserts = [];
        for (const s of sources) {
          const row = existing.get(s.id);
          existing.delete(s.id);
          if (!row) {
            inserts.push({
              id: s.id,
              name: s.name,
              alpha3: s.alpha3,
              numeric_code: s.numericCode,
              status: fromBool(true),
              created_at: at,
              updated_at: at,
            });
          } else if (row.name !== s.name || row.alpha3 !== s.alpha3 || row.numeric_code !== s.numericCode || !toBool(row.status)) {
            await trx
              .updateTable('countries')
              .set({ name: s.name, alpha3: s.alpha3, numeric_code: s.numericCode, status: fromBool(true), updated_at: at })
              .where('id', '=', s.id)
              .execute();
            counts.updated += 1;
          } else {
            counts.unchanged += 1;
          }
        }
        for (const batch of chunks(inserts)) await trx.insertInto('countries').values(batch).onConflict((oc) => oc.column('id').doNothing()).execute();
        counts.inserted = inserts.length;
        for (const [id, row] of existing) {
          if (!toBool(row.status)) continue;
          await trx.updateTable('countries').set({ status: fromBool(false), updated_at: at }).where('id', '=', id).execute();
          counts.retired += 1;
        }
        return counts;
      });
    },

    async syncStates(sources, now, onProgress): Promise<SyncCounts> {
      const at = fromDate(now);
      return kysely.transaction().execute(async (trx) => {
        const existing = new Map(
          (await trx.selectFrom('states').select(['id', 'country_id', 'name', 'status']).execute()).map((r) => [r.id, r]),
        );
        const counts: SyncCounts = { inserted: 0, updated: 0, retired: 0, unchanged: 0 };
        const inserts = [];
        let done = 0;
        for (const s of sources as StateSource[]) {
          const row = existing.get(s.id);
          existing.delete(s.id);
          if (!row) {
            inserts.push({
              id: s.id,
              country_id: s.countryId,
              name: s.name,
              status: fromBool(true),
              created_at: at,
              updated_at: at,
            });
          } else if (row.name !== s.name || row.country_id !== s.countryId || !toBool(row.status)) {
            await trx
              .updateTable('states')
              .set({ name: s.name, country_id: s.countryId, status: fromBool(true), updated_at: at })
              .where('id', '=', s.id)
              .execute();
            counts.updated += 1;
            done += 1;
          } else {
            counts.unchanged += 1;
            done += 1;
          }
        }
        onProgress?.(done, sources.length);
        for (const batch of chunks(inserts)) {
          await trx.insertInto('states').values(batch).onConflict((oc) => oc.column('id').doNothing()).execute();
          done += batch.length;
          onProgress?.(done, sources.length);
        }
        counts.inserted = inserts.length;
        for (const [id, row] of existing) {
          if (!toBool(row.status)) continue;
          await trx.updateTable('states').set({ status: fromBool(false), updated_at: at }).where('id', '=', id).execute();
          counts.retired += 1;
        }
        return counts;
      });
    },

    async syncSpecifications(sources: SpecificationSource[], now: Date): Promise<SyncCounts> {
      const at = fromDate(now);
      return kysely.transaction().execute(async (trx) => {
        const existing = new Map(
          (await trx.selectFrom('specifications').select(['id', 'name', 'slug', 'description']).execute()).map((r) => [
            r.id,
            r,
          ]),
        );
        const counts: SyncCounts = { inserted: 0, updated: 0, retired: 0, unchanged: 0 };
        for (const s of sources) {
          const row = existing.get(s.id);
          if (!row) {
            await trx
              .insertInto('specifications')
              .values({ id: s.id, name: s.name, slug: s.slug, description: s.description, created_at: at, updated_at: at })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            counts.inserted += 1;
          } else if (row.name !== s.name || row.slug !== s.slug || row.description !== s.description) {
            await trx
              .updateTable('specifications')
              .set({ name: s.name, slug: s.slug, description: s.description, updated_at: at })
              .where('id', '=', s.id)
              .execute();
            counts.updated += 1;
          } else {
            counts.unchanged += 1;
          }
        }
        return counts;
      });
    },
  };
}
