import { z } from 'zod';
import { AdjustmentBody } from '../../domain/catalog/catalog-schemas.ts';
import { LocationAdjustmentAtBody, LocationCreateBody, LocationPatchBody, TransferBody } from '../../domain/inventory/location-schemas.ts';
import type { StockLevel, StockLocation } from '../../domain/inventory/types.ts';
import { AdjustmentRecord, InventoryDashboard, LowStockRecord, STOCK_STATES, StockLevelRecord, toAdjustmentRecord, toInventoryDashboard, toLowStockRecord, toStockLevelRecord } from '../../wire/catalog.ts';
import { pagination } from '../../wire/page.ts';
import { CREATE, defineTool, Id, PageInput, PaginationOutput, READ, UPDATE } from '../tool.ts';

const area = 'inventory' as const;

/** Stock levels and adjustments: the same service as /v1/inventory and the inventory dashboard. */
export const inventoryTools = [
  defineTool({
    name: 'get_inventory_overview',
    area,
    title: 'Inventory overview',
    description: 'Stock totals of the store (SKUs, units, value in stock, in-stock / low-stock / out-of-stock counts) and the same figures per category, with the low-stock threshold.',
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({}),
    output: z.object({ inventory: InventoryDashboard }),
    async run(s, ctx) {
      const dashboard = toInventoryDashboard(await s.inventory.dashboard(ctx));
      return { summary: `${dashboard.totals.unitsInStock} units in stock across ${dashboard.totals.skuCount} SKUs`, data: { inventory: dashboard } };
    },
  }),
  defineTool({
    name: 'list_low_stock',
    area,
    title: 'List low-stock SKUs',
    description: 'SKUs with stock at or below the low-stock threshold (and above 0), fewest first, with their product and variant group. Paginated.',
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({ ...PageInput }),
    output: z.object({ lowStockThreshold: z.number().int(), items: z.array(LowStockRecord), pagination: PaginationOutput }),
    async run(s, ctx, args) {
      const page = await s.inventory.lowStock(ctx, args);
      return {
        summary: `${page.items.length} low-stock SKU(s) (threshold ${page.threshold})`,
        data: { lowStockThreshold: page.threshold, items: page.items.map(toLowStockRecord), pagination: pagination(args.limit, page.nextCursor) },
      };
    },
  }),
  defineTool({
    name: 'list_stock_levels',
    area,
    title: 'List stock levels',
    description:
      'Every SKU with its stock, product name and variant group, by product name: q finds text in the product name or SKU code; stock in|low|out keeps SKUs above the low-stock threshold, at 1..threshold units, or at 0. Paginated.',
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({
      q: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('text to find in the product name or SKU code'),
      stock: z.enum(STOCK_STATES, { error: 'must be in, low or out' }).optional().describe('in: above the threshold; low: 1..threshold; out: 0'),
      ...PageInput,
    }),
    output: z.object({ lowStockThreshold: z.number().int(), items: z.array(StockLevelRecord), pagination: PaginationOutput }),
    async run(s, ctx, args) {
      const page = await s.inventory.stockLevels(ctx, args);
      return {
        summary: `${page.items.length} SKU(s)${args.stock ? ` ${args.stock === 'in' ? 'in stock' : args.stock === 'low' ? 'low on stock' : 'out of stock'}` : ''} (threshold ${page.threshold})`,
        data: { lowStockThreshold: page.threshold, items: page.items.map(toStockLevelRecord), pagination: pagination(args.limit, page.nextCursor) },
      };
    },
  }),
  defineTool({
    name: 'list_stock_adjustments',
    area,
    title: 'Stock history of a SKU',
    description: 'The stock adjustments of one SKU, newest first: change, quantity after, reason and who made it. Paginated.',
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({ skuId: Id, ...PageInput }),
    output: z.object({ items: z.array(AdjustmentRecord), pagination: PaginationOutput }),
    async run(s, ctx, args) {
      const page = await s.inventory.history(ctx, args.skuId, args);
      return { summary: `${page.items.length} adjustment(s)`, data: { items: page.items.map(toAdjustmentRecord), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'adjust_stock',
    area,
    title: 'Adjust stock',
    description:
      'Changes the stock of one SKU, recorded with a reason: send either delta (units to add, negative to remove) or set (the exact new quantity). Stock never goes below 0 (refused naming what is left).',
    permission: 'inventory:write',
    does: { effects: ['changes'], idempotent: false },
    input: AdjustmentBody,
    output: z.object({ adjustment: AdjustmentRecord, quantityInStock: z.number().int() }),
    async run(s, ctx, args) {
      const { sku, adjustment } = await s.inventory.adjust(ctx, args);
      return { summary: `Stock of SKU ${sku.id} is now ${sku.quantityInStock}`, data: { adjustment: toAdjustmentRecord(adjustment), quantityInStock: sku.quantityInStock } };
    },
  }),
  defineTool({
    name: 'set_low_stock_threshold',
    area,
    title: 'Set the low-stock threshold',
    description: 'Sets the quantity at or below which a SKU counts as low on stock (0 to 1000000). A store setting: needs settings:write.',
    permission: 'settings:write',
    does: UPDATE,
    input: z.strictObject({ lowStockThreshold: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000).describe('units') }),
    output: z.object({ lowStockThreshold: z.number().int() }),
    async run(s, ctx, args) {
      const lowStockThreshold = await s.inventory.setThreshold(ctx, args.lowStockThreshold);
      return { summary: `Low-stock threshold set to ${lowStockThreshold}`, data: { lowStockThreshold } };
    },
  }),
];

/**
 * Stock locations and the levels at them (docs/fulfilment.md), with short records: the full list has to stay under its
 * size bound (test/mcp-tools.test.ts). The writes take the REST bodies (src/domain/inventory/location-schemas.ts).
 */
const LocationBrief = z.object({ id: z.string(), name: z.string(), active: z.boolean(), isDefault: z.boolean() });
const LevelBrief = z.object({ locationId: z.string(), onHand: z.number().int(), allocated: z.number().int(), available: z.number().int() });
const locationBrief = (l: StockLocation): z.infer<typeof LocationBrief> => ({ id: l.id, name: l.name, active: l.active, isDefault: l.isDefault });
const levelBrief = (l: StockLevel): z.infer<typeof LevelBrief> => ({ locationId: l.locationId, onHand: l.onHand, allocated: l.allocated, available: l.onHand - l.allocated });
const STOCK_MOVE = { effects: ['creates', 'changes'], idempotent: false } as const;

export const locationTools = [
  defineTool({
    name: 'list_locations',
    area,
    title: 'List stock locations',
    description: 'Stock locations, in order of preference. Paginated.',
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({ ...PageInput }),
    output: z.object({ items: z.array(LocationBrief), pagination: PaginationOutput }),
    async run(s, ctx, args) {
      const page = await s.locations.list(ctx, args);
      return { summary: `${page.items.length} location(s)`, data: { items: page.items.map(locationBrief), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_sku_levels',
    area,
    title: 'Stock of a SKU per location',
    description: "A SKU's units per location.",
    permission: 'inventory:read',
    does: READ,
    input: z.strictObject({ skuId: Id }),
    output: z.object({ quantityInStock: z.number().int(), levels: z.array(LevelBrief) }),
    async run(s, ctx, args) {
      const { quantityInStock, levels } = await s.locations.levelsOfSku(ctx, args.skuId);
      return { summary: `${quantityInStock} available over ${levels.length} location(s)`, data: { quantityInStock, levels: levels.map(levelBrief) } };
    },
  }),
  defineTool({
    name: 'create_location',
    area,
    title: 'Create a stock location',
    description: 'A name, optionally an address, active and position.',
    permission: 'inventory:write',
    does: CREATE,
    input: LocationCreateBody,
    output: z.object({ location: LocationBrief }),
    async run(s, ctx, args) {
      const location = await s.locations.create(ctx, args);
      return { summary: `Location ${location.name} created`, data: { location: locationBrief(location) } };
    },
  }),
  defineTool({
    name: 'update_location',
    area,
    title: 'Change a stock location',
    description: 'Only the fields sent. active: false retires it (its stock goes off sale); isDefault: true moves the default here.',
    permission: 'inventory:write',
    does: UPDATE,
    input: z.strictObject({ locationId: Id, ...LocationPatchBody.shape }),
    output: z.object({ location: LocationBrief }),
    async run(s, ctx, { locationId, ...patch }) {
      const location = await s.locations.update(ctx, locationId, patch);
      return { summary: `Location ${location.name} updated`, data: { location: locationBrief(location) } };
    },
  }),
  defineTool({
    name: 'adjust_stock_at_location',
    area,
    title: 'Adjust stock at a location',
    description: 'Exactly one of delta or onHand (a count), with a reason. Never below what is allocated there.',
    permission: 'inventory:write',
    does: STOCK_MOVE,
    input: LocationAdjustmentAtBody,
    output: z.object({ level: LevelBrief, quantityInStock: z.number().int() }),
    async run(s, ctx, { locationId, ...input }) {
      const done = await s.locations.adjust(ctx, locationId, input);
      return { summary: `${done.level.onHand} on hand at location ${locationId}; ${done.quantityInStock} available in all`, data: { level: levelBrief(done.level), quantityInStock: done.quantityInStock } };
    },
  }),
  defineTool({
    name: 'transfer_stock',
    area,
    title: 'Move stock between locations',
    description: 'Moves units of a SKU from one location to another (at most what is available at the first).',
    permission: 'inventory:write',
    does: STOCK_MOVE,
    input: TransferBody,
    output: z.object({ from: LevelBrief, to: LevelBrief, quantityInStock: z.number().int() }),
    async run(s, ctx, args) {
      const done = await s.locations.transfer(ctx, args);
      return { summary: `${args.quantity} unit(s) moved`, data: { from: levelBrief(done.from), to: levelBrief(done.to), quantityInStock: done.quantityInStock } };
    },
  }),
];
