import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'varchar(2)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('alpha3', 'varchar(3)', (c) => c.notNull())
    .addColumn('numeric_code', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('states')
    .addColumn('id', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('country_id', 'varchar(2)', (c) => c.notNull().references('countries.id'))
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('states_country_id_idx').on('states').column('country_id').execute();

  await db.schema
    .createTable('specifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
}
