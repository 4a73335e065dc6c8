import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Returns (docs/fulfilment.md, "Returns"; docs/decisions/0034-returns.md).
 *
 * - `returns`: a return of some of an order's units, per store and mode like its order: its status (`requested`,
 *   `received`, `refunded`, `closed`), the reason and note, the location it was received into, who asked for it, and
 *   once refunded what it refunded (amount, tax, delivery), computed at the refund from what the order was placed with.
 * - `return_lines`: the order lines and quantities of a return; at receipt, whether each was restocked (1) or written
 *   off (0); at the refund, what each line refunded and its tax.
 *
 * Every status change is a conditional update on `status` under the order row's lock, so a return is received once
 * (stock once) and refunded once (money once).
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('returns')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('location_id', 'varchar(40)')
    .addColumn('refund_minor', 'bigint')
    .addColumn('tax_minor', 'bigint')
    .addColumn('delivery_minor', 'bigint')
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_label', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addColumn('received_at', types.timestamp)
    .addColumn('refunded_at', types.timestamp)
    .addColumn('closed_at', types.timestamp)
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').columns(['store_id', 'mode', 'order_id', 'id']).execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('return_id', 'varchar(40)', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_line_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // null until received: 1 restocked, 0 written off
    .addColumn('restock', types.boolean)
    .addColumn('refund_minor', 'bigint')
    .addColumn('tax_minor', 'bigint')
    .execute();
  await db.schema.createIndex('return_lines_return_idx').on('return_lines').columns(['return_id', 'position']).execute();
}
