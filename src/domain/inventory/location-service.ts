import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import { recordAdjustment, type StockChange, stockEvents } from '../catalog/inventory-service.ts';
import type { CatalogRepo, InventoryRepo } from '../catalog/ports.ts';
import type { InventoryAdjustment } from '../catalog/types.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { storeCurrency } from '../shared/money.ts';
import { anyIdCursor, pageOf, tupleCursor } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { Transactional } from '../shared/transactional.ts';
import type { EmailRepo } from '../email/ports.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { LocationAdjustmentInput, LocationCreateInput, LocationPatchInput, TransferInput } from './location-schemas.ts';
import type { StockRepo } from './ports.ts';
import { LOCATION_LIMITS, type StockLevel, type StockLocation } from './types.ts';

/** The repositories location-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface LocationServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  stock: StockRepo;
  catalog: Pick<CatalogRepo, 'findSku' | 'touchProduct'>;
  inventory: Pick<InventoryRepo, 'insertAdjustment' | 'lowStockThreshold'>;
  stores: Pick<StoreRepo, 'findStore'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

/** Locations page by their order of preference, then id. */
export const locationCursor = tupleCursor(['number', 'string'], { refusal: 'query' });

function locationNotFound(id: string): AppError {
  return new AppError('LOCATION_NOT_FOUND', `No stock location "${id}" in this store. List them with GET /v1/locations.`);
}

function skuNotFound(id: string): AppError {
  return new AppError('SKU_NOT_FOUND', `No SKU "${id}" in this store.`);
}

/**
 * Stock locations and the stock levels at them (docs/fulfilment.md). Every write of a level takes the SKU row's lock
 * first and keeps `skus.quantity_in_stock` equal to the sum available over the active locations, in the same
 * transaction, so the order placement's conditional update on that figure stays the guard against overselling.
 */
export function createLocationService(deps: { repos: Transactional<LocationServiceRepos>; events: Pick<EventPublisher, 'publish'> }) {
  const { repos, events } = deps;

  async function requireLocation(repos: LocationServiceRepos, ctx: StoreContext, id: string): Promise<StockLocation> {
    const location = await repos.stock.findLocation(ctx.tenant, id);
    if (!location) throw locationNotFound(id);
    return location;
  }

  /** `sku.stock_changed` (and `inventory.low_stock`) for SKU figures that moved, in the caller's transaction. */
  async function publishStock(repos: LocationServiceRepos, ctx: StoreContext, changes: StockChange[]): Promise<void> {
    const moved = changes.filter((c) => c.from !== c.to);
    if (moved.length === 0) return;
    await events.publish(repos, ctx.tenant, ctx.now, async (wants) =>
      wants('sku.stock_changed') || wants('inventory.low_stock') ? stockEvents(repos, ctx.tenant, wants, moved, await storeCurrency(repos, ctx)) : [],
    );
  }

  /** `inventory_level.updated` for levels whose units on hand moved, in the caller's transaction. */
  async function publishLevels(repos: LocationServiceRepos, ctx: StoreContext, changes: Array<{ level: StockLevel; from: number; reason: string }>): Promise<void> {
    const moved = changes.filter((c) => c.level.onHand !== c.from);
    if (moved.length === 0) return;
    await events.publish(repos, ctx.tenant, ctx.now, async (wants) =>
      wants('inventory_level.updated') ? moved.map((c) => ({ type: 'inventory_level.updated' as const, level: c.level, from: c.from, to: c.level.onHand, reason: c.reason })) : [],
    );
  }

  /** `adjust` in the caller's transaction (pass its repos); checks no permission (the calling door does). */
  async function adjustIn(repos: LocationServiceRepos, ctx: StoreContext, locationId: string, input: LocationAdjustmentInput): Promise<{ level: StockLevel; quantityInStock: number; adjustment: InventoryAdjustment }> {
    const { tenant } = ctx;
    const sku = await repos.stock.lockSkuStock(tenant, input.skuId);
    if (!sku) throw skuNotFound(input.skuId);
    const location = await requireLocation(repos, ctx, locationId);
    const level = await repos.stock.findLevel(tenant, input.skuId, locationId);
    const onHand = level?.onHand ?? 0;
    const allocated = level?.allocated ?? 0;
    const delta = input.onHand !== undefined ? input.onHand - onHand : input.delta!;
    if (onHand + delta < allocated) {
      const path = input.onHand !== undefined ? 'onHand' : 'delta';
      throw new AppError('INSUFFICIENT_STOCK', `"${location.name}" has ${onHand} units of SKU ${input.skuId}${sku.sku ? ` (${sku.sku})` : ''} on hand, ${allocated} of them allocated; the change would leave fewer on hand than allocated.`, {
        details: [{ path, rule: input.onHand !== undefined ? `must be at least ${allocated}` : `must be at least -${onHand - allocated}` }],
      });
    }
    if (delta !== 0 && !(await repos.stock.changeOnHand(tenant, input.skuId, locationId, delta, ctx.now))) throw new Error('stock level changed under the SKU lock');
    const skuDelta = location.active ? delta : 0;
    await repos.stock.changeSkuStock(tenant, input.skuId, skuDelta, ctx.now);
    const after = sku.quantityInStock + skuDelta;
    if (skuDelta !== 0) await repos.catalog.touchProduct(tenant, sku.productId, ctx.now);
    const adjustment = await recordAdjustment(repos, ctx, input.skuId, delta, after, input.reason, { locationId, note: input.note ?? null });
    await recordAudit(repos, ctx, { action: 'inventory.adjust', targetType: 'sku', targetId: input.skuId, details: { locationId, delta, onHandAfter: onHand + delta, quantityAfter: after, reason: input.reason, note: input.note ?? null } });
    await publishStock(repos, ctx, [{ skuId: input.skuId, from: sku.quantityInStock, to: after, reason: input.reason }]);
    const changed = (await repos.stock.findLevel(tenant, input.skuId, locationId))!;
    await publishLevels(repos, ctx, [{ level: changed, from: onHand, reason: input.reason }]);
    return { level: changed, quantityInStock: after, adjustment };
  }

  return {
    adjustIn,

    /**
     * The store's locations in the order of preference. A read writes nothing: a store made after migration 0028 has
     * its default location from its first SKU or its first location on.
     */
    async list(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ items: StockLocation[]; nextCursor: string | null }> {
      requirePermission(ctx, 'inventory:read');
      const after = page.cursor === undefined ? undefined : locationCursor.decode(page.cursor);
      const rows = await repos.stock.listLocations(ctx.tenant, { limit: page.limit, after: after && { position: after[0], id: after[1] } });
      return pageOf(rows, page.limit, (last) => locationCursor.encode([last.position, last.id]));
    },

    async get(ctx: StoreContext, id: string): Promise<StockLocation> {
      requirePermission(ctx, 'inventory:read');
      return requireLocation(repos, ctx, id);
    },

    async create(ctx: StoreContext, input: LocationCreateInput): Promise<StockLocation> {
      requirePermission(ctx, 'inventory:write');
      return repos.transaction(async (repos) => {
        await repos.stock.lockLocations(ctx.tenant);
        await repos.stock.ensureDefaultLocation(ctx.tenant, ctx.now);
        if ((await repos.stock.countLocations(ctx.tenant)) >= LOCATION_LIMITS.perStore) {
          throw new AppError('LIMIT_EXCEEDED', `A store has at most ${LOCATION_LIMITS.perStore} stock locations per mode.`);
        }
        const location: StockLocation = {
          id: newId('loc', ctx.now),
          name: input.name,
          address: input.address ?? null,
          active: input.active ?? true,
          isDefault: false,
          position: input.position ?? (await repos.stock.maxPosition(ctx.tenant)) + 1,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        await repos.stock.insertLocation(ctx.tenant, location);
        await recordAudit(repos, ctx, { action: 'location.create', targetType: 'location', targetId: location.id, details: { name: location.name, active: location.active, position: location.position } });
        return location;
      });
    },

    /**
     * Changes the sent fields. `active: false` takes the location's available units out of every SKU's
     * `quantityInStock` (and `true` puts them back); the default location cannot be deactivated. `isDefault: true`
     * moves the default here (an active location only).
     */
    async update(ctx: StoreContext, id: string, patch: LocationPatchInput, precondition?: Precondition<StockLocation>): Promise<StockLocation> {
      requirePermission(ctx, 'inventory:write');
      return repos.transaction(async (repos) => {
        await repos.stock.lockLocations(ctx.tenant);
        const current = await requireLocation(repos, ctx, id);
        precondition?.(current);
        const active = patch.active ?? current.active;
        if (current.isDefault && !active) {
          throw new AppError('LOCATION_IS_DEFAULT', `"${current.name}" is the store's default location: it cannot be deactivated. Make another location the default first.`, {
            details: [{ path: 'active', rule: 'must be true for the default location' }],
          });
        }
        if (patch.isDefault && !active) {
          throw new AppError('LOCATION_INACTIVE', `"${current.name}" is inactive: it cannot become the default location.`, { details: [{ path: 'isDefault', rule: 'needs an active location' }] });
        }
        await repos.stock.updateLocation(ctx.tenant, id, { name: patch.name, address: patch.address, active: patch.active, position: patch.position }, ctx.now);
        if (patch.isDefault && !current.isDefault) await repos.stock.setDefaultLocation(ctx.tenant, id, ctx.now);
        if (active !== current.active) {
          const moved = await repos.stock.resumSkusAt(ctx.tenant, id, ctx.now);
          await publishStock(repos, ctx, moved.map((m) => ({ ...m, reason: active ? `location ${current.name} activated` : `location ${current.name} deactivated` })));
        }
        await recordAudit(repos, ctx, { action: 'location.update', targetType: 'location', targetId: id, details: { fields: Object.keys(patch), ...patch } });
        return requireLocation(repos, ctx, id);
      });
    },

    /** Deletes a location that holds nothing (no unit on hand, none allocated) and is not the default. */
    async remove(ctx: StoreContext, id: string, precondition?: Precondition<StockLocation>): Promise<void> {
      requirePermission(ctx, 'inventory:write');
      await repos.transaction(async (repos) => {
        await repos.stock.lockLocations(ctx.tenant);
        const location = await requireLocation(repos, ctx, id);
        precondition?.(location);
        if (location.isDefault) throw new AppError('LOCATION_IS_DEFAULT', `"${location.name}" is the store's default location: it cannot be deleted.`);
        const held = await repos.stock.locationHoldings(ctx.tenant, id);
        if (held.onHand > 0 || held.allocated > 0) {
          throw new AppError('LOCATION_HOLDS_STOCK', `"${location.name}" holds ${held.onHand} units (${held.allocated} allocated to orders): deactivate it instead, or transfer the stock away first.`);
        }
        if (held.openShipments > 0) {
          throw new AppError('LOCATION_HOLDS_STOCK', `"${location.name}" has ${held.openShipments} shipment${held.openShipments === 1 ? '' : 's'} not delivered yet: deactivate it instead, or delete it once they are delivered.`);
        }
        await repos.stock.deleteLocation(ctx.tenant, id);
        await recordAudit(repos, ctx, { action: 'location.delete', targetType: 'location', targetId: id, details: { name: location.name } });
      });
    },

    /** One SKU's stock at every location holding a level of it, in the order of preference. */
    async levelsOfSku(ctx: StoreContext, skuId: string): Promise<{ quantityInStock: number; levels: StockLevel[] }> {
      requirePermission(ctx, 'inventory:read');
      const sku = await repos.catalog.findSku(ctx.tenant, skuId);
      if (!sku) throw skuNotFound(skuId);
      return { quantityInStock: sku.quantityInStock, levels: await repos.stock.levelsOfSku(ctx.tenant, skuId) };
    },

    /** The levels at one location, by SKU id, cursor-paged. */
    async levelsAt(ctx: StoreContext, locationId: string, page: { limit: number; cursor?: string | undefined }): Promise<{ items: StockLevel[]; nextCursor: string | null }> {
      requirePermission(ctx, 'inventory:read');
      await requireLocation(repos, ctx, locationId);
      const after = page.cursor === undefined ? undefined : anyIdCursor.decode(page.cursor);
      return pageOf(await repos.stock.levelsAt(ctx.tenant, locationId, { limit: page.limit, after }), page.limit, (last) => anyIdCursor.encode(last.skuId));
    },

    /**
     * Changes a SKU's units on hand at one location by `delta`, or to the counted `onHand`, with a reason; never below
     * what is allocated there (409 INSUFFICIENT_STOCK). At an active location the SKU's `quantityInStock` moves by the
     * same amount. Atomic under the SKU row's lock; one line of the stock history with who, why and where.
     */
    async adjust(ctx: StoreContext, locationId: string, input: LocationAdjustmentInput): Promise<{ level: StockLevel; quantityInStock: number; adjustment: InventoryAdjustment }> {
      requirePermission(ctx, 'inventory:write');
      return repos.transaction((repos) => adjustIn(repos, ctx, locationId, input));
    },

    /**
     * Moves units of a SKU from one location to another, atomically under the SKU row's lock: never more than the
     * source has available (409 INSUFFICIENT_STOCK). Two lines of the stock history (out and in), reason `transfer`.
     * `quantityInStock` changes only when one of the two locations is inactive.
     */
    async transfer(ctx: StoreContext, input: TransferInput): Promise<{ from: StockLevel; to: StockLevel; quantityInStock: number }> {
      requirePermission(ctx, 'inventory:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        const sku = await repos.stock.lockSkuStock(tenant, input.skuId);
        if (!sku) throw skuNotFound(input.skuId);
        const from = await repos.stock.findLocation(tenant, input.fromLocationId);
        if (!from) throw locationNotFound(input.fromLocationId);
        const to = await repos.stock.findLocation(tenant, input.toLocationId);
        if (!to) throw locationNotFound(input.toLocationId);
        const level = await repos.stock.findLevel(tenant, input.skuId, from.id);
        const available = level ? level.onHand - level.allocated : 0;
        if (available < input.quantity) {
          throw new AppError('INSUFFICIENT_STOCK', `"${from.name}" has ${available} units of SKU ${input.skuId}${sku.sku ? ` (${sku.sku})` : ''} available; ${input.quantity} cannot leave it.`, {
            details: [{ path: 'quantity', rule: available > 0 ? `must be at most ${available}` : `"${from.name}" has none available` }],
          });
        }
        if (!(await repos.stock.changeOnHand(tenant, input.skuId, from.id, -input.quantity, ctx.now))) throw new Error('stock level changed under the SKU lock');
        await repos.stock.changeOnHand(tenant, input.skuId, to.id, input.quantity, ctx.now);
        const skuDelta = (to.active ? input.quantity : 0) - (from.active ? input.quantity : 0);
        await repos.stock.changeSkuStock(tenant, input.skuId, skuDelta, ctx.now);
        const after = sku.quantityInStock + skuDelta;
        if (skuDelta !== 0) await repos.catalog.touchProduct(tenant, sku.productId, ctx.now);
        const note = input.note ?? null;
        await recordAdjustment(repos, ctx, input.skuId, -input.quantity, sku.quantityInStock + (from.active ? -input.quantity : 0), `transfer to ${to.name}`, { locationId: from.id, note });
        await recordAdjustment(repos, ctx, input.skuId, input.quantity, after, `transfer from ${from.name}`, { locationId: to.id, note });
        await recordAudit(repos, ctx, { action: 'inventory.transfer', targetType: 'sku', targetId: input.skuId, details: { fromLocationId: from.id, toLocationId: to.id, quantity: input.quantity, note } });
        const reason = `transfer from ${from.name} to ${to.name}`;
        await publishStock(repos, ctx, [{ skuId: input.skuId, from: sku.quantityInStock, to: after, reason }]);
        const source = (await repos.stock.findLevel(tenant, input.skuId, from.id))!;
        const destination = (await repos.stock.findLevel(tenant, input.skuId, to.id))!;
        await publishLevels(repos, ctx, [
          { level: source, from: source.onHand + input.quantity, reason },
          { level: destination, from: destination.onHand - input.quantity, reason },
        ]);
        return { from: source, to: destination, quantityInStock: after };
      });
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
