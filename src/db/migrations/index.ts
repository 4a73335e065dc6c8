import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db, Dialect } from '../db.ts';
import * as m0001 from './0001-reference-data.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0003 from './0003-catalog.ts';
import * as m0004 from './0004-oauth.ts';
import * as m0005 from './0005-files.ts';
import * as m0006 from './0006-idempotency.ts';
import * as m0007 from './0007-operations.ts';
import * as m0008 from './0008-customers.ts';
import * as m0009 from './0009-refresh-replay.ts';
import * as m0010 from './0010-retention.ts';
import * as m0011 from './0011-dashboard-sessions.ts';
import * as m0012 from './0012-product-list-indexes.ts';
import * as m0013 from './0013-product-list-category-and-search.ts';
import * as m0014 from './0014-tenant-scoped-sku-reads.ts';
import * as m0015 from './0015-product-revisions.ts';
import * as m0016 from './0016-connector-confirmations.ts';
import * as m0017 from './0017-client-id-metadata-documents.ts';
import * as m0018 from './0018-publishable-keys.ts';
import * as m0019 from './0019-webhooks.ts';
import * as m0020 from './0020-email.ts';
import * as m0021 from './0021-email-links.ts';
import * as m0022 from './0022-payment-providers.ts';
import * as m0023 from './0023-payment-provider-settings.ts';
import * as m0024 from './0024-stripe-publishable-key.ts';
import * as m0025 from './0025-taxes.ts';
import * as m0026 from './0026-connector-client-confirmation.ts';
import * as m0027 from './0027-catalog-changes.ts';
import * as m0028 from './0028-stock-locations.ts';
import * as m0029 from './0029-carts.ts';
import * as m0030 from './0030-order-allocations.ts';
import * as m0031 from './0031-fulfilment-and-shipments.ts';
import * as m0032 from './0032-checkout.ts';
import * as m0034 from './0034-returns.ts';
import * as m0036 from './0036-credential-changes.ts';
import * as m0037 from './0037-reference-syncs.ts';
import * as m0038 from './0038-whole-store-changes-index.ts';

/** Column types that differ between the engines; one migration set serves both through these. */
export interface MigrationContext {
  dialect: Dialect;
  types: {
    timestamp: ReturnType<typeof sql.raw>;
    boolean: ReturnType<typeof sql.raw>;
  };
}

interface MigrationModule {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** Every migration, in order. A new migration is a new file here; a landed one is never edited. */
const MIGRATIONS: ReadonlyArray<readonly [name: string, module: MigrationModule]> = [
  ['0001-reference-data', m0001],
  ['0002-accounts', m0002],
  ['0003-catalog', m0003],
  ['0004-oauth', m0004],
  ['0005-files', m0005],
  ['0006-idempotency', m0006],
  ['0007-operations', m0007],
  ['0008-customers', m0008],
  ['0009-refresh-replay', m0009],
  ['0010-retention', m0010],
  ['0011-dashboard-sessions', m0011],
  ['0012-product-list-indexes', m0012],
  ['0013-product-list-category-and-search', m0013],
  ['0014-tenant-scoped-sku-reads', m0014],
  ['0015-product-revisions', m0015],
  ['0016-connector-confirmations', m0016],
  ['0017-client-id-metadata-documents', m0017],
  ['0018-publishable-keys', m0018],
  ['0019-webhooks', m0019],
  ['0020-email', m0020],
  ['0021-email-links', m0021],
  ['0022-payment-providers', m0022],
  ['0023-payment-provider-settings', m0023],
  ['0024-stripe-publishable-key', m0024],
  ['0025-taxes', m0025],
  ['0026-connector-client-confirmation', m0026],
  ['0027-catalog-changes', m0027],
  ['0028-stock-locations', m0028],
  ['0029-carts', m0029],
  ['0030-order-allocations', m0030],
  ['0031-fulfilment-and-shipments', m0031],
  ['0032-checkout', m0032],
  ['0034-returns', m0034],
  ['0036-credential-changes', m0036],
  ['0037-reference-syncs', m0037],
  ['0038-whole-store-changes-index', m0038],
];

function contextFor(dialect: Dialect): MigrationContext {
  return {
    dialect,
    types: {
      timestamp: sql.raw(dialect === 'postgres' ? 'timestamptz(3)' : 'text'),
      boolean: sql.raw(dialect === 'postgres' ? 'boolean' : 'integer'),
    },
  };
}

function providerFor(dialect: Dialect): MigrationProvider {
  const context = contextFor(dialect);
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, module] of MIGRATIONS) {
        migrations[name] = { up: (db) => module.up(db, context) };
      }
      return migrations;
    },
  };
}

export interface MigrationReport {
  applied: string[];
  total: number;
}

/** Applies every pending migration, each in its own transaction. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db, onProgress?: (name: string) => void): Promise<MigrationReport> {
  // Areas are developed on branches and merged in any order; no migration depends on a later-numbered one.
  // Without the request bounds: a migration may wait for another instance's migration lock, or build a large index.
  const { error, results = [] } = await db.unbounded((kysely) =>
    new Migrator({ db: kysely, provider: providerFor(db.dialect), allowUnorderedMigrations: true }).migrateToLatest(),
  );
  const applied: string[] = [];
  for (const result of results) {
    if (result.status === 'Success') {
      applied.push(result.migrationName);
      onProgress?.(result.migrationName);
    }
    if (result.status === 'Error') {
      throw new Error(`migration ${result.migrationName} failed: ${String((error as Error)?.message ?? error)}`, {
        cause: error,
      });
    }
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied, total: MIGRATIONS.length };
}

/**
 * Applies the pending migrations up to and including `name`, no further: a test of a later migration starts from a
 * database as an earlier release left it.
 */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  if (!MIGRATIONS.some(([n]) => n === name)) throw new Error(`no migration named ${name}`);
  const { error } = await db.unbounded((kysely) => new Migrator({ db: kysely, provider: providerFor(db.dialect), allowUnorderedMigrations: true }).migrateTo(name));
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
