import type { StoreContext, Tenant } from '../../context.ts';
import type { EmailRepo } from '../email/ports.ts';
import { AppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CatalogRepo, InventoryRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { pageOf, tupleCursor } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import { foldForSearch } from '../shared/text.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import type { CategoryBreakdown, InventoryAdjustment, InventoryTotals, LowStockRow, Sku, StockBreakdown, StockLevelRow, StockLevelView, StockState } from './types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher, Wants } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import type { StockRepo } from '../inventory/ports.ts';
import type { LevelChange } from '../inventory/types.ts';

/** The repositories inventory-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface InventoryServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'adjustStock' | 'findSku' | 'lockSku' | 'touchProduct' | 'updateSku'>;
  stock: Pick<StockRepo, 'findLevel'>;
  inventory: Pick<InventoryRepo, 'byCategory' | 'insertAdjustment' | 'listAdjustments' | 'lowStock' | 'lowStockThreshold' | 'setLowStockThreshold' | 'stockBreakdown' | 'stockLevel' | 'stockLevels' | 'totals'>;
  stores: Pick<StoreRepo, 'findStore' | 'lockStore'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

/** Writes a line of a SKU's stock history, in the caller's transaction. */
export async function recordAdjustment(
  repos: { inventory: Pick<InventoryRepo, 'insertAdjustment'> },
  ctx: StoreContext,
  skuId: string,
  delta: number,
  quantityAfter: number,
  reason: string,
  at?: { locationId: string; note: string | null },
): Promise<InventoryAdjustment> {
  const adjustment: InventoryAdjustment = {
    ...(at ? { locationId: at.locationId, note: at.note } : {}),
    id: newId('adj', ctx.now),
    skuId,
    delta,
    quantityAfter,
    reason,
    actorType: ctx.actor.type,
    actorId: ctx.actor.id,
    actorLabel: ctx.actor.label,
    createdAt: ctx.now,
  };
  await repos.inventory.insertAdjustment(ctx.tenant, adjustment);
  return adjustment;
}

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** One SKU's stock moving from `from` to `to`, and why (the webhook events' `change`). */
export interface StockChange {
  skuId: string;
  from: number;
  to: number;
  reason: string;
  /** The SKU as the change left it, when the writer has it (adjustStock returns it): spares reading it again. */
  sku?: Sku | undefined;
  /** The levels the change moved, made without naming a location (`SkuAfterStockChange.levelChanges`). */
  levels?: readonly LevelChange[] | undefined;
}

/**
 * The webhook events of stock changes, in the caller's transaction after the changes (the SKUs are read as they are
 * now): `sku.stock_changed` for each change, `inventory.low_stock` when the stock crossed the store's low-stock
 * threshold downwards (from above it to at or below it: once per crossing), and `inventory_level.updated` for each
 * level a change made without naming a location moved (`StockChange.levels`: a SKU's quantityInStock set, an
 * adjustment without a location; read as they are now). Reads only what someone subscribed to (`wants`): the
 * threshold only for `inventory.low_stock`, nothing when no type is wanted.
 */
export async function stockEvents(
  repos: { catalog: Pick<CatalogRepo, 'findSku'>; inventory: Pick<InventoryRepo, 'lowStockThreshold'>; stock: Pick<StockRepo, 'findLevel'> },
  tenant: Tenant,
  wants: Wants,
  changes: readonly StockChange[],
  currency: Currency,
): Promise<DomainEvent[]> {
  const moved = changes.filter((c) => c.from !== c.to);
  const levelEvents: DomainEvent[] = [];
  if (wants('inventory_level.updated')) {
    for (const c of moved) {
      for (const l of c.levels ?? []) {
        const level = await repos.stock.findLevel(tenant, c.skuId, l.locationId);
        if (level) levelEvents.push({ type: 'inventory_level.updated', level, from: l.onHandBefore, to: level.onHand, reason: c.reason });
      }
    }
  }
  const changed = wants('sku.stock_changed');
  const low = wants('inventory.low_stock');
  if (moved.length === 0 || (!changed && !low)) return levelEvents;
  // The threshold came with the subscription read; read it here only if it did not.
  const threshold = low ? (wants.lowStockThreshold ?? (await repos.inventory.lowStockThreshold(tenant.storeId))) : null;
  const events: DomainEvent[] = [];
  for (const c of moved) {
    const crossed = threshold !== null && c.from > threshold && c.to <= threshold;
    if (!changed && !crossed) continue;
    const sku = c.sku ?? (await repos.catalog.findSku(tenant, c.skuId));
    if (!sku) continue;
    if (changed) events.push({ type: 'sku.stock_changed', sku, currency, from: c.from, to: c.to, reason: c.reason });
    if (crossed) events.push({ type: 'inventory.low_stock', sku, currency, threshold, from: c.from, to: c.to });
  }
  return [...events, ...levelEvents];
}

/**
 * Sets the store's low-stock threshold with its audit entry, in the caller's transaction (the settings service
 * changes it along with other settings). The caller has checked settings:write and holds the store row's lock.
 */
/** A level with where its units are; a SKU without levels has all its stock on hand and available. */
function withBreakdown(level: StockLevelRow, breakdown: Map<string, StockBreakdown>): StockLevelView {
  return { ...level, ...(breakdown.get(level.skuId) ?? { onHand: level.quantityInStock, held: 0, allocated: 0 }) };
}

async function writeLowStockThreshold(repos: { audit: Pick<AuditRepo, 'insert'>; inventory: Pick<InventoryRepo, 'setLowStockThreshold'> }, ctx: StoreContext, threshold: number): Promise<void> {
  await repos.inventory.setLowStockThreshold(ctx.tenant.storeId, threshold);
  await recordAudit(repos, ctx, { action: 'settings.update', targetType: 'store', targetId: ctx.tenant.storeId, details: { lowStockThreshold: threshold } });
}

/** The cursors of the stock lists: a SKU's history by adjustment id; low stock by quantity, then SKU id; stock levels by folded product name, then SKU id. */
export const historyCursor = tupleCursor(['string'], { refusal: 'query' });
export const lowStockCursor = tupleCursor(['number', 'string'], { refusal: 'query' });
export const stockLevelCursor = tupleCursor(['string', 'string'], { refusal: 'query' });

/** Stock levels: atomic adjustments with a history per SKU, the low-stock threshold and the dashboard figures. */
export function createInventoryService(deps: {
  repos: Transactional<InventoryServiceRepos>;
  /** The webhook outbox: stock changes are published in their transaction. */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, events } = deps;

  return {
    /** Joins the caller's transaction (pass its repos): see `writeLowStockThreshold` above; the settings service calls it. */
    writeLowStockThreshold,

    /** Joins the caller's transaction (pass its repos): see `stockEvents` above; the order service calls it. */
    stockEvents,

    /**
     * Changes a SKU's stock by `delta`, or to `set`, atomically: concurrent adjustments add up exactly and stock never
     * goes below zero (409 INSUFFICIENT_STOCK naming the quantity left). Publishes `sku.stock_changed` (and
     * `inventory.low_stock` on a crossing) in the same transaction.
     */
    async adjust(ctx: StoreContext, input: { skuId: string; delta?: number | undefined; set?: number | undefined; reason: string }): Promise<{ sku: Sku; adjustment: InventoryAdjustment }> {
      requirePermission(ctx, 'inventory:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        let delta: number;
        let after: number;
        let levels: LevelChange[] | undefined;
        if (input.set !== undefined) {
          const current = await repos.catalog.lockSku(tenant, input.skuId);
          if (!current) throw skuNotFound(input.skuId);
          delta = input.set - current.quantityInStock;
          after = input.set;
          levels = (await repos.catalog.updateSku(tenant, input.skuId, { quantityInStock: input.set }, ctx.now))?.levelChanges;
        } else {
          delta = input.delta!;
          const result = await repos.catalog.adjustStock(tenant, input.skuId, delta, ctx.now);
          if (result === null) {
            const current = await repos.catalog.findSku(tenant, input.skuId);
            if (!current) throw skuNotFound(input.skuId);
            throw new AppError(
              'INSUFFICIENT_STOCK',
              `SKU ${input.skuId}${current.sku ? ` (${current.sku})` : ''} has ${current.quantityInStock} in stock; removing ${-delta} would take it below zero.`,
              { details: [{ path: 'delta', rule: current.quantityInStock > 0 ? `must be at least -${current.quantityInStock}` : 'must be positive: the SKU is out of stock' }] },
            );
          }
          after = result.quantityInStock;
          levels = result.levelChanges;
        }
        const sku = (await repos.catalog.findSku(tenant, input.skuId))!;
        await repos.catalog.touchProduct(tenant, sku.productId, ctx.now);
        const adjustment = await recordAdjustment(repos, ctx, input.skuId, delta, after, input.reason);
        await recordAudit(repos, ctx, { action: 'inventory.adjust', targetType: 'sku', targetId: input.skuId, details: { delta, quantityAfter: after, reason: input.reason } });
        const change = { skuId: input.skuId, from: after - delta, to: after, reason: input.reason, levels };
        await events.publish(repos, tenant, ctx.now, async (wants) =>
          wants('sku.stock_changed') || wants('inventory.low_stock') || wants('inventory_level.updated') ? stockEvents(repos, tenant, wants, [change], await storeCurrency(repos, ctx)) : [],
        );
        return { sku, adjustment };
      });
    },

    async history(ctx: StoreContext, skuId: string, page: { limit: number; cursor?: string | undefined }): Promise<{ items: InventoryAdjustment[]; nextCursor: string | null }> {
      requirePermission(ctx, 'inventory:read');
      const { tenant } = ctx;
      if (!(await repos.catalog.findSku(tenant, skuId))) throw skuNotFound(skuId);
      const before = page.cursor === undefined ? undefined : historyCursor.decode(page.cursor)[0];
      const rows = await repos.inventory.listAdjustments(tenant, skuId, { limit: page.limit, before });
      return pageOf(rows, page.limit, (last) => historyCursor.encode([last.id]));
    },

    async threshold(ctx: StoreContext): Promise<number> {
      requirePermission(ctx, 'inventory:read');
      return repos.inventory.lowStockThreshold(ctx.tenant.storeId);
    },

    /** `precondition` (If-Match) is checked against the current threshold, with the store row locked. */
    async setThreshold(ctx: StoreContext, threshold: number, precondition?: Precondition<number>): Promise<number> {
      requirePermission(ctx, 'settings:write');
      await repos.transaction(async (repos) => {
        if (!(await repos.stores.lockStore(ctx.tenant.storeId))) throw new AppError('STORE_NOT_FOUND', 'This store no longer exists.');
        precondition?.(await repos.inventory.lowStockThreshold(ctx.tenant.storeId));
        await writeLowStockThreshold(repos, ctx, threshold);
      });
      return threshold;
    },

    /** Units and value in stock, in-stock / low / out-of-stock SKU counts, and the same per category. */
    async dashboard(ctx: StoreContext): Promise<{ threshold: number; currency: Currency; totals: InventoryTotals; categories: CategoryBreakdown[] }> {
      requirePermission(ctx, 'inventory:read');
      const { tenant } = ctx;
      const threshold = await repos.inventory.lowStockThreshold(tenant.storeId);
      const [totals, categories, currency] = await Promise.all([
        repos.inventory.totals(tenant, threshold),
        repos.inventory.byCategory(tenant, threshold),
        storeCurrency(repos, ctx),
      ]);
      return { threshold, currency, totals, categories };
    },

    /** SKUs at or below the store's threshold (out of stock first), with their product and group names. */
    async lowStock(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ threshold: number; items: LowStockRow[]; nextCursor: string | null }> {
      requirePermission(ctx, 'inventory:read');
      const { tenant } = ctx;
      const threshold = await repos.inventory.lowStockThreshold(tenant.storeId);
      const after = page.cursor === undefined ? undefined : lowStockCursor.decode(page.cursor);
      const rows = await repos.inventory.lowStock(tenant, threshold, { limit: page.limit, ...(after ? { after: { quantity: after[0], id: after[1] } } : {}) });
      return { threshold, ...pageOf(rows, page.limit, (last) => lowStockCursor.encode([last.quantityInStock, last.skuId])) };
    },

    /**
     * Every SKU's stock with its product's and group's names, by product name then SKU: `q` finds text in the product
     * name (case- and accent-insensitive) or the SKU code; `stock` keeps SKUs in stock, low or out.
     */
    async stockLevels(
      ctx: StoreContext,
      query: { limit: number; cursor?: string | undefined; q?: string | undefined; stock?: StockState | undefined },
    ): Promise<{ threshold: number; items: StockLevelView[]; nextCursor: string | null }> {
      requirePermission(ctx, 'inventory:read');
      const { tenant } = ctx;
      const threshold = await repos.inventory.lowStockThreshold(tenant.storeId);
      const after = query.cursor === undefined ? undefined : stockLevelCursor.decode(query.cursor);
      const q = query.q?.trim() ? foldForSearch(query.q.trim()) : undefined;
      const rows = await repos.inventory.stockLevels(tenant, threshold, { limit: query.limit, q, stock: query.stock, after: after && { name: after[0], id: after[1] } });
      const page = pageOf(rows, query.limit, (last) => stockLevelCursor.encode([last.sortName, last.skuId]));
      const breakdown = await repos.inventory.stockBreakdown(tenant, page.items.map((l) => l.skuId), ctx.now);
      return { threshold, items: page.items.map(({ sortName: _, ...level }) => withBreakdown(level, breakdown)), nextCursor: page.nextCursor };
    },

    /** One SKU's stock level (404 SKU_NOT_FOUND for another store's or mode's SKU). */
    async stockLevel(ctx: StoreContext, skuId: string): Promise<{ threshold: number; level: StockLevelView }> {
      requirePermission(ctx, 'inventory:read');
      const { tenant } = ctx;
      const threshold = await repos.inventory.lowStockThreshold(tenant.storeId);
      const level = await repos.inventory.stockLevel(tenant, threshold, skuId);
      if (!level) throw skuNotFound(skuId);
      return { threshold, level: withBreakdown(level, await repos.inventory.stockBreakdown(tenant, [skuId], ctx.now)) };
    },
  };
}

export function skuNotFound(id: string): AppError {
  return new AppError('SKU_NOT_FOUND', `No SKU "${id}" in this store.`);
}

export type InventoryService = ReturnType<typeof createInventoryService>;
