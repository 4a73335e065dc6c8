import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('colors')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('hex', 'varchar(7)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('stores').addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5)).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(40)', (c) => c.references('categories.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_store_slug_uq').unique().on('categories').columns(['store_id', 'mode', 'slug']).execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').columns(['store_id', 'mode', 'parent_id']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_folded', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_store_slug_uq').unique().on('products').columns(['store_id', 'mode', 'slug']).execute();
  await db.schema.createIndex('products_store_id_idx').on('products').columns(['store_id', 'mode', 'id']).execute();
  await db.schema.createIndex('products_store_status_idx').on('products').columns(['store_id', 'mode', 'status', 'id']).execute();
  await db.schema.createIndex('products_store_name_idx').on('products').columns(['store_id', 'mode', 'name_folded', 'id']).execute();
  await db.schema.createIndex('products_store_updated_idx').on('products').columns(['store_id', 'mode', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'varchar(40)', (c) => c.notNull().references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category_idx').on('product_categories').columns(['category_id', 'product_id']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'file_id'])
    .execute();

  await db.schema
    .createTable('product_specifications')
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('specification_id', 'varchar(64)', (c) => c.notNull().references('specifications.id'))
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_specifications_pk', ['product_id', 'specification_id'])
    .execute();

  await db.schema
    .createTable('variant_groups')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('attribute_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('attribute_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('image_file_id', 'varchar(40)')
    .addColumn('color_id', 'varchar(40)', (c) => c.references('colors.id'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('variant_groups_product_idx').on('variant_groups').columns(['product_id', 'id']).execute();

  await db.schema
    .createTable('skus')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('group_id', 'varchar(40)', (c) => c.references('variant_groups.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(100)')
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('quantity_in_stock', 'integer', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('combination_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('skus_stock_non_negative', sql`quantity_in_stock >= 0`)
    .execute();
  await db.schema.createIndex('skus_product_idx').on('skus').columns(['product_id', 'group_id', 'id']).execute();
  await db.schema.createIndex('skus_store_sku_uq').unique().on('skus').columns(['store_id', 'mode', 'sku']).execute();
  await db.schema.createIndex('skus_combination_uq').unique().on('skus').columns(['product_id', 'combination_key']).execute();
  await db.schema.createIndex('skus_store_stock_idx').on('skus').columns(['store_id', 'mode', 'quantity_in_stock']).execute();

  await db.schema
    .createTable('inventory_adjustments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_label', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inventory_adjustments_sku_idx').on('inventory_adjustments').columns(['store_id', 'mode', 'sku_id', 'id']).execute();
}
