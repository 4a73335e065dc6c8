import type { StoreContext } from '../../context.ts';
import type { EmailRepo } from '../email/ports.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CatalogRepo, InventoryRepo, NewSku } from './ports.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { checkAttributes, checkMoney, combinationKey, type SkuInput, visibleToShopper } from './catalog-rules.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { findProductView, type Precondition, productNotFound } from './catalog-support.ts';
import type { FileLookup } from '../files/types.ts';
import { invalid } from '../shared/validation.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import { recordAdjustment, type StockChange, stockEvents } from './inventory-service.ts';
import { CATALOG_LIMITS, type Sku, type VariantGroup } from './types.ts';
import type { EventType } from '../webhooks/event-types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { StockRepo } from '../inventory/ports.ts';
import type { DomainEvent } from '../webhooks/types.ts';

/** The repositories variant-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface VariantServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'combinationsTaken' | 'countGroups' | 'countSkus' | 'deleteGroup' | 'deleteSku' | 'findGroup' | 'findProduct' | 'findSku' | 'groupHeader' | 'insertGroup' | 'insertSkus' | 'lockProduct' | 'setCombinationKeys' | 'simpleSkus' | 'skuCodesTaken' | 'skuSummaries' | 'touchProduct' | 'updateGroup' | 'updateSku'>;
  inventory: Pick<InventoryRepo, 'insertAdjustment' | 'lowStockThreshold'>;
  stock: Pick<StockRepo, 'findLevel'>;
  stores: Pick<StoreRepo, 'findStore'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

export interface GroupInput {
  attributeName: string;
  attributeValue: string;
  image?: string | null | undefined;
  colorId?: string | null | undefined;
  skus: SkuInput[];
}

export type GroupPatch = Partial<Omit<GroupInput, 'skus'>>;

/**
 * Variant groups of VARIABLE products and their SKUs (the v2 API, docs/catalog.md). Every change is published to the
 * webhook outbox in its transaction as product.updated (the product's v1 record after it), and a SKU's stock change as
 * sku.stock_changed and inventory.low_stock.
 */
export function createVariantService(deps: {
  repos: Transactional<VariantServiceRepos>;
  reference: ReferenceService;
  files: FileLookup;
  /** The webhook outbox. */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, reference, files, events } = deps;

  /** product.updated with the product as GET /v1/products/{id} shows it now, read only when someone subscribed to it. */
  async function productUpdated(repos: VariantServiceRepos, ctx: StoreContext, productId: string, currency: Currency, wants: (type: EventType) => boolean): Promise<DomainEvent[]> {
    if (!wants('product.updated')) return [];
    const product = await findProductView(repos, ctx.tenant, productId);
    return product ? [{ type: 'product.updated', product, currency }] : [];
  }

  /** Locks the product (so writes to one product run one at a time) and checks it is VARIABLE. */
  async function lockVariable(repos: VariantServiceRepos, ctx: StoreContext, productId: string): Promise<void> {
    const product = await repos.catalog.lockProduct(ctx.tenant, productId);
    if (!product) throw productNotFound(productId);
    if (product.type !== 'VARIABLE') {
      throw new AppError('PRODUCT_NOT_VARIABLE', `Product ${productId} is SIMPLE: variant groups and their SKUs exist only on VARIABLE products.`);
    }
  }

  async function requireGroup(repos: VariantServiceRepos, ctx: StoreContext, productId: string, groupId: string): Promise<VariantGroup> {
    const group = await repos.catalog.findGroup(ctx.tenant, productId, groupId);
    if (!group) throw new AppError('VARIANT_GROUP_NOT_FOUND', `No variant group "${groupId}" on product ${productId}.`);
    return group;
  }

  async function requireGroupHeader(repos: VariantServiceRepos, ctx: StoreContext, productId: string, groupId: string) {
    const group = await repos.catalog.groupHeader(ctx.tenant, productId, groupId);
    if (!group) throw new AppError('VARIANT_GROUP_NOT_FOUND', `No variant group "${groupId}" on product ${productId}.`);
    return group;
  }

  async function requireSku(repos: VariantServiceRepos, ctx: StoreContext, groupId: string, skuId: string): Promise<Sku> {
    const sku = await repos.catalog.findSku(ctx.tenant, skuId);
    if (!sku || sku.groupId !== groupId) throw new AppError('SKU_NOT_FOUND', `No SKU "${skuId}" in variant group ${groupId}.`);
    return sku;
  }

  async function checkGroupReferences(ctx: StoreContext, input: GroupPatch): Promise<ErrorDetail[]> {
    const details: ErrorDetail[] = [];
    if (input.image && !(await files.imageExists(ctx.tenant, input.image))) {
      details.push({ path: 'image', rule: 'must be the id of an image uploaded to this store (POST /v1/files)' });
    }
    if (input.colorId && !(await reference.colorExists(input.colorId))) {
      details.push({ path: 'colorId', rule: 'must be a color id from GET /v1/colors' });
    }
    return details;
  }

  /** Validates new SKUs and turns them into rows; problems name `skus[i].field` (or `field` for a single SKU). */
  async function prepareSkus(
    repos: VariantServiceRepos,
    ctx: StoreContext,
    currency: Currency,
    productId: string,
    group: { id: string; attributeName: string; attributeValue: string },
    inputs: SkuInput[],
    pathOf: (i: number) => string,
  ): Promise<NewSku[]> {
    const details: ErrorDetail[] = [];
    const rows: NewSku[] = [];
    const seenCodes = new Map<string, number>();
    const seenKeys = new Map<string, number>();
    inputs.forEach((input, i) => {
      const path = pathOf(i);
      const money = checkMoney(input, currency, path);
      details.push(...money.details);
      const attributes = input.attributes ?? {};
      details.push(...checkAttributes(attributes, group.attributeName, path));
      const key = combinationKey(group, attributes);
      if (seenKeys.has(key)) details.push({ path: `${path}attributes`, rule: `repeats the attribute combination of ${pathOf(seenKeys.get(key)!)}`.replace(/\.$/, '') });
      seenKeys.set(key, i);
      if (input.sku) {
        if (seenCodes.has(input.sku)) details.push({ path: `${path}sku`, rule: 'is used twice in this request' });
        seenCodes.set(input.sku, i);
      }
      rows.push({
        id: newId('sku', ctx.now),
        productId,
        groupId: group.id,
        sku: input.sku ?? null,
        priceMinor: money.priceMinor ?? 0,
        discountBp: money.discountBp ?? 0,
        quantityInStock: input.quantityInStock ?? 0,
        attributes,
        taxClass: input.taxClass ?? null,
        combinationKey: key,
      });
    });
    if (details.length > 0) throw invalid(details);
    const { tenant } = ctx;
    const takenCodes = await repos.catalog.skuCodesTaken(tenant, [...seenCodes.keys()]);
    if (takenCodes.size > 0) {
      const [code] = takenCodes;
      throw new AppError('SKU_CODE_TAKEN', `The sku code "${code}" is already used by another SKU of this store.`, {
        details: [...takenCodes].map((c) => ({ path: `${pathOf(seenCodes.get(c)!)}sku`, rule: 'must be unique within the store' })),
      });
    }
    const takenKeys = await repos.catalog.combinationsTaken(ctx.tenant, productId, [...seenKeys.keys()]);
    if (takenKeys.size > 0) {
      throw new AppError('DUPLICATE_COMBINATION', 'Another SKU of this product already has this attribute combination.', {
        details: [...takenKeys].map((k) => ({ path: `${pathOf(seenKeys.get(k)!)}attributes`, rule: 'must differ from the other SKUs of the product' })),
      });
    }
    return rows;
  }

  /** The refusal for a broken SKU uniqueness rule (`path` prefixes the field names); any other error unchanged. */
  function skuConflict(error: unknown, path: string): unknown {
    if (isUniqueConflict(error, 'sku_code')) {
      return new AppError('SKU_CODE_TAKEN', 'The sku code is already used by another SKU of this store.', { details: [{ path: `${path}sku`, rule: 'must be unique within the store' }] });
    }
    if (isUniqueConflict(error, 'sku_combination')) {
      return new AppError('DUPLICATE_COMBINATION', 'Another SKU of this product already has this attribute combination.', {
        details: [{ path: `${path}attributes`, rule: 'must differ from the other SKUs of the product' }],
      });
    }
    return error;
  }

  async function deleteSkuIn(
    repos: VariantServiceRepos,
    ctx: StoreContext,
    { productId, groupId, skuId }: { productId: string; groupId: string; skuId: string },
    precondition: Precondition<Sku> | undefined,
    currency: Currency,
  ): Promise<void> {
    await lockVariable(repos, ctx, productId);
    await requireGroupHeader(repos, ctx, productId, groupId);
    const current = await requireSku(repos, ctx, groupId, skuId);
    precondition?.(current, currency);
    if ((await repos.catalog.countSkus(ctx.tenant, productId, groupId)) <= 1) {
      throw new AppError('LAST_SKU', `SKU ${skuId} is the last of its group; a group keeps at least one SKU. Delete the group instead (DELETE /v2/products/${productId}/variant-groups/${groupId}).`);
    }
    await repos.catalog.deleteSku(ctx.tenant, skuId);
    await repos.catalog.touchProduct(ctx.tenant, productId, ctx.now);
    await recordAudit(repos, ctx, { action: 'sku.delete', targetType: 'sku', targetId: skuId, details: { productId, groupId } });
    await events.publish(repos, ctx.tenant, ctx.now, (wants) => productUpdated(repos, ctx, productId, currency, wants));
  }

  return {
    async getGroup(ctx: StoreContext, productId: string, groupId: string): Promise<{ group: VariantGroup; currency: Currency }> {
      const reader = readAs(ctx, 'catalog');
      const product = await repos.catalog.findProduct(ctx.tenant, productId);
      // A shopper sees the groups of active products only.
      if (!product || (reader === 'shopper' && !visibleToShopper(product.status))) throw productNotFound(productId);
      return { group: await requireGroup(repos, ctx, productId, groupId), currency: await storeCurrency(repos, ctx) };
    },

    async getSku(ctx: StoreContext, productId: string, groupId: string, skuId: string): Promise<{ sku: Sku; currency: Currency }> {
      if (readAs(ctx, 'catalog') === 'shopper') {
        // A shopper sees the SKUs of active products only.
        const product = await repos.catalog.findProduct(ctx.tenant, productId);
        if (!product || !visibleToShopper(product.status)) throw productNotFound(productId);
      }
      await requireGroupHeader(repos, ctx, productId, groupId);
      return { sku: await requireSku(repos, ctx, groupId, skuId), currency: await storeCurrency(repos, ctx) };
    },

    /** Adds a group with at least one SKU, all or nothing. */
    async addGroup(ctx: StoreContext, productId: string, input: GroupInput): Promise<{ group: VariantGroup; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      if (input.skus.length === 0) throw invalid([{ path: 'skus', rule: 'must contain at least one SKU' }]);
      // Reference checks read outside the transaction (SQLite has one connection; a read beside the open transaction
      // would wait for it forever).
      const refs = await checkGroupReferences(ctx, input);
      try {
        return await repos.transaction(async (repos) => {
          await lockVariable(repos, ctx, productId);
          if (refs.length > 0) throw invalid(refs);
          if ((await repos.catalog.countGroups(ctx.tenant, productId)) >= CATALOG_LIMITS.groupsPerProduct) {
            throw new AppError('LIMIT_EXCEEDED', `A product can have at most ${CATALOG_LIMITS.groupsPerProduct} variant groups.`);
          }
          if ((await repos.catalog.countSkus(ctx.tenant, productId)) + input.skus.length > CATALOG_LIMITS.skusPerProduct) {
            throw new AppError('LIMIT_EXCEEDED', `A product can have at most ${CATALOG_LIMITS.skusPerProduct} SKUs.`, { details: [{ path: 'skus', rule: `at most ${CATALOG_LIMITS.skusPerProduct} SKUs per product` }] });
          }
          const header = {
            id: newId('vgr', ctx.now),
            productId,
            attributeName: input.attributeName,
            attributeValue: input.attributeValue,
            imageFileId: input.image ?? null,
            colorId: input.colorId ?? null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          };
          const rows = await prepareSkus(repos, ctx, currency, productId, header, input.skus, (i) => `skus[${i}].`);
          await repos.catalog.insertGroup(tenant, header);
          await repos.catalog.insertSkus(tenant, rows, ctx.now);
          await repos.catalog.touchProduct(tenant, productId, ctx.now);
          await recordAudit(repos, ctx, {
            action: 'variant_group.create',
            targetType: 'variant_group',
            targetId: header.id,
            details: { productId, attributeName: header.attributeName, attributeValue: header.attributeValue, skus: rows.length },
          });
          await events.publish(repos, tenant, ctx.now, (wants) => productUpdated(repos, ctx, productId, currency, wants));
          return { group: await requireGroup(repos, ctx, productId, header.id), currency };
        });
      } catch (error) {
        throw skuConflict(error, 'skus[0].');
      }
    },

    /** Changes only the sent metadata fields; price and stock live on the SKUs. */
    async updateGroup(ctx: StoreContext, productId: string, groupId: string, patch: GroupPatch, precondition?: Precondition<VariantGroup>): Promise<{ group: VariantGroup; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      const refs = await checkGroupReferences(ctx, patch);
      try {
        return await repos.transaction(async (repos) => {
          await lockVariable(repos, ctx, productId);
          const current = await requireGroup(repos, ctx, productId, groupId);
          precondition?.(current, currency);
          if (refs.length > 0) throw invalid(refs);
          const renamed = (patch.attributeName !== undefined && patch.attributeName !== current.attributeName) || (patch.attributeValue !== undefined && patch.attributeValue !== current.attributeValue);
          if (renamed) {
            const dimension = { attributeName: patch.attributeName ?? current.attributeName, attributeValue: patch.attributeValue ?? current.attributeValue };
            const details = current.skus.flatMap((s, i) => checkAttributes(s.attributes, dimension.attributeName, `skus[${i}].`));
            if (details.length > 0) throw invalid(details.map((d) => ({ ...d, path: 'attributeName', rule: `clashes with the attributes of an existing SKU (${d.path})` })));
            const keys = current.skus.map((s) => ({ id: s.id, combinationKey: combinationKey(dimension, s.attributes) }));
            const taken = await repos.catalog.combinationsTaken(ctx.tenant, productId, keys.map((k) => k.combinationKey), current.skus.map((s) => s.id));
            if (taken.size > 0) {
              throw new AppError('DUPLICATE_COMBINATION', 'Another variant group of this product already has this dimension and value with the same SKU attributes.', {
                details: [{ path: patch.attributeValue !== undefined ? 'attributeValue' : 'attributeName', rule: 'must differ from the other groups of the product' }],
              });
            }
            // Move the keys out of the way first so the unique index never sees a transient clash between siblings.
            await repos.catalog.setCombinationKeys(tenant, keys.map((k) => ({ id: k.id, combinationKey: `tmp-${k.id}` })));
            await repos.catalog.setCombinationKeys(tenant, keys);
          }
          await repos.catalog.updateGroup(tenant, groupId, { ...patch, ...(patch.image !== undefined ? { imageFileId: patch.image } : {}) }, ctx.now);
          await repos.catalog.touchProduct(tenant, productId, ctx.now);
          await recordAudit(repos, ctx, { action: 'variant_group.update', targetType: 'variant_group', targetId: groupId, details: { productId, fields: Object.keys(patch) } });
          await events.publish(repos, tenant, ctx.now, (wants) => productUpdated(repos, ctx, productId, currency, wants));
          return { group: await requireGroup(repos, ctx, productId, groupId), currency };
        });
      } catch (error) {
        throw skuConflict(error, '');
      }
    },

    /** Deletes the group and all its SKUs. */
    async deleteGroup(ctx: StoreContext, productId: string, groupId: string, precondition?: Precondition<VariantGroup>): Promise<void> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      await repos.transaction(async (repos) => {
        await lockVariable(repos, ctx, productId);
        const current = await requireGroup(repos, ctx, productId, groupId);
        precondition?.(current, currency);
        await repos.catalog.deleteGroup(tenant, groupId);
        await repos.catalog.touchProduct(tenant, productId, ctx.now);
        await recordAudit(repos, ctx, { action: 'variant_group.delete', targetType: 'variant_group', targetId: groupId, details: { productId, skus: current.skus.length } });
        await events.publish(repos, tenant, ctx.now, (wants) => productUpdated(repos, ctx, productId, currency, wants));
      });
    },

    async addSku(ctx: StoreContext, productId: string, groupId: string, input: SkuInput): Promise<{ sku: Sku; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      try {
        return await repos.transaction(async (repos) => {
          await lockVariable(repos, ctx, productId);
          const group = await requireGroupHeader(repos, ctx, productId, groupId);
          if ((await repos.catalog.countSkus(ctx.tenant, productId)) + 1 > CATALOG_LIMITS.skusPerProduct) {
            throw new AppError('LIMIT_EXCEEDED', `A product can have at most ${CATALOG_LIMITS.skusPerProduct} SKUs.`);
          }
          const [row] = await prepareSkus(repos, ctx, currency, productId, group, [input], () => '');
          await repos.catalog.insertSkus(tenant, [row!], ctx.now);
          await repos.catalog.touchProduct(tenant, productId, ctx.now);
          await recordAudit(repos, ctx, { action: 'sku.create', targetType: 'sku', targetId: row!.id, details: { productId, groupId, sku: row!.sku } });
          await events.publish(repos, tenant, ctx.now, (wants) => productUpdated(repos, ctx, productId, currency, wants));
          return { sku: (await repos.catalog.findSku(tenant, row!.id))!, currency };
        });
      } catch (error) {
        throw skuConflict(error, '');
      }
    },

    /** Changes only the sent fields. Changing stock here needs inventory:write too and is written to its history. */
    async updateSku(ctx: StoreContext, productId: string, groupId: string, skuId: string, patch: SkuInput, precondition?: Precondition<Sku>): Promise<{ sku: Sku; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      if (patch.quantityInStock !== undefined) requirePermission(ctx, 'inventory:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      try {
        return await repos.transaction(async (repos) => {
          await lockVariable(repos, ctx, productId);
          const group = await requireGroupHeader(repos, ctx, productId, groupId);
          const current = await requireSku(repos, ctx, groupId, skuId);
          precondition?.(current, currency);
          const money = checkMoney(patch, currency, '');
          const details = [...money.details, ...(patch.attributes ? checkAttributes(patch.attributes, group.attributeName, '') : [])];
          if (details.length > 0) throw invalid(details);
          let key: string | undefined;
          if (patch.attributes) {
            key = combinationKey(group, patch.attributes);
            if ((await repos.catalog.combinationsTaken(ctx.tenant, productId, [key], [skuId])).size > 0) {
              throw new AppError('DUPLICATE_COMBINATION', 'Another SKU of this product already has this attribute combination.', {
                details: [{ path: 'attributes', rule: 'must differ from the other SKUs of the product' }],
              });
            }
          }
          if (patch.sku && (await repos.catalog.skuCodesTaken(tenant, [patch.sku], skuId)).size > 0) {
            throw new AppError('SKU_CODE_TAKEN', `The sku code "${patch.sku}" is already used by another SKU of this store.`, { details: [{ path: 'sku', rule: 'must be unique within the store' }] });
          }
          const updated = await repos.catalog.updateSku(
            tenant,
            skuId,
            {
              ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
              ...(money.priceMinor !== undefined ? { priceMinor: money.priceMinor } : {}),
              ...(money.discountBp !== undefined ? { discountBp: money.discountBp } : {}),
              ...(patch.quantityInStock !== undefined ? { quantityInStock: patch.quantityInStock } : {}),
              ...(patch.attributes !== undefined ? { attributes: patch.attributes, combinationKey: key! } : {}),
              ...(patch.taxClass !== undefined ? { taxClass: patch.taxClass } : {}),
            },
            ctx.now,
          );
          const stock: StockChange[] = [];
          if (patch.quantityInStock !== undefined && patch.quantityInStock !== current.quantityInStock) {
            await recordAdjustment(repos, ctx, skuId, patch.quantityInStock - current.quantityInStock, patch.quantityInStock, 'SKU update');
            stock.push({ skuId, from: current.quantityInStock, to: patch.quantityInStock, reason: 'SKU update', levels: updated?.levelChanges });
          }
          await repos.catalog.touchProduct(tenant, productId, ctx.now);
          await recordAudit(repos, ctx, { action: 'sku.update', targetType: 'sku', targetId: skuId, details: { productId, groupId, fields: Object.keys(patch) } });
          // A change of the stock alone is sku.stock_changed, not product.updated (the event catalog's rule).
          const sent = Object.keys(patch).filter((f) => patch[f as keyof SkuInput] !== undefined);
          const stockOnly = sent.length > 0 && sent.every((f) => f === 'quantityInStock');
          await events.publish(repos, tenant, ctx.now, async (wants) => [
            ...(stockOnly ? [] : await productUpdated(repos, ctx, productId, currency, wants)),
            ...(await stockEvents(repos, tenant, wants, stock, currency)),
          ]);
          const { levelChanges: _, ...sku } = updated!;
          return { sku, currency };
        });
      } catch (error) {
        throw skuConflict(error, '');
      }
    },

    /** Deletes a SKU; the last SKU of a group cannot go (delete the group instead). */
    async deleteSku(ctx: StoreContext, productId: string, groupId: string, skuId: string, precondition?: Precondition<Sku>): Promise<void> {
      requirePermission(ctx, 'products:write');
      const currency = await storeCurrency(repos, ctx);
      await repos.transaction((repos) => deleteSkuIn(repos, ctx, { productId, groupId, skuId }, precondition, currency));
    },

    /** Refuses as `deleteSku` would, changing nothing (rehearsed and rolled back). */
    async checkDeleteSku(ctx: StoreContext, productId: string, groupId: string, skuId: string): Promise<void> {
      requirePermission(ctx, 'products:write');
      const currency = await storeCurrency(repos, ctx);
      await rehearse(repos, (repos) => deleteSkuIn(repos, ctx, { productId, groupId, skuId }, undefined, currency));
    },
  };
}

export type VariantService = ReturnType<typeof createVariantService>;
