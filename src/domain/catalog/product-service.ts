import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { EmailRepo } from '../email/ports.ts';
import type { FileLookup } from '../files/types.ts';
import type { StockRepo } from '../inventory/ports.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import { slugify } from '../reference/specifications.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, currencyOf, storeCurrency } from '../shared/money.ts';
import { pageOf, tupleCursor } from '../shared/pagination.ts';
import { foldForSearch } from '../shared/text.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import { DEFAULT_TAX_CLASS } from '../taxes/types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import { checkMoney, combinationKey, summarize, visibleToShopper } from './catalog-rules.ts';
import { findProductView, type Precondition, productNotFound, productViews } from './catalog-support.ts';
import { recordAdjustment, type StockChange, stockEvents } from './inventory-service.ts';
import type { CatalogRepo, CredentialCheck, InventoryRepo, ProductWithSkus } from './ports.ts';
import { CATALOG_LIMITS, type HeldProduct, type Product, type ProductHead, type ProductQuery, type ProductStatus, type ProductTree, type ProductType, type ProductView } from './types.ts';

/** The repositories product-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface ProductServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'categoriesExisting' | 'deleteProduct' | 'findProduct' | 'findTreeUnlessHeld' | 'findSku' | 'insertProduct' | 'insertSkus' | 'listProducts' | 'listTreesUnlessHeld' | 'lockProduct' | 'replaceCategories' | 'replaceImages' | 'replaceSpecifications' | 'simpleSkus' | 'skuCodesTaken' | 'skuSummaries' | 'slugTaken' | 'slugsLike' | 'sortValue' | 'updateProduct' | 'updateSku'>;
  inventory: Pick<InventoryRepo, 'insertAdjustment' | 'lowStockThreshold'>;
  stock: Pick<StockRepo, 'findLevel'>;
  stores: Pick<StoreRepo, 'findStore'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

export interface ProductInput {
  type: ProductType;
  name: string;
  slug?: string | undefined;
  description?: string | null | undefined;
  status?: ProductStatus | undefined;
  categoryIds?: string[] | undefined;
  imageFileIds?: string[] | undefined;
  specifications?: Record<string, string> | undefined;
  price?: number | undefined;
  discount?: number | undefined;
  quantityInStock?: number | undefined;
  sku?: string | null | undefined;
  /** docs/taxes.md; default standard */
  taxClass?: string | undefined;
}

export type ProductPatch = Partial<Omit<ProductInput, 'type'>>;

const SIMPLE_FIELDS = ['price', 'discount', 'quantityInStock', 'sku'] as const;

/** Whether the caller holds the representation of the product at `head.revision` in `currency` (docs/decisions/0013). */
export type HeldCheck = (head: ProductHead, currency: Currency) => boolean;

/** A product list's cursor: the sort value (folded name, updated-at, or '' by creation) and the id of a page's last product. */
export const productCursor = tupleCursor(['string', 'string'], { refusal: 'query' });

/**
 * Products: SIMPLE ones carry their price and stock on a single internal SKU (so inventory and orders treat every
 * product alike); VARIABLE ones get variant groups and SKUs through the variant service. Every change is published to
 * the webhook outbox in its transaction (product.created, product.updated, product.deleted; a SIMPLE product's stock:
 * sku.stock_changed and inventory.low_stock).
 */
export function createProductService(deps: {
  repos: Transactional<ProductServiceRepos>;
  reference: ReferenceService;
  files: FileLookup;
  /** The webhook outbox. */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, reference, files, events } = deps;
  const views = productViews;

  /** A product read with its SKUs as the tree the routes send; one the caller holds (`{ held }`) stays as it is. */
  const asTree = (p: ProductWithSkus | HeldProduct): ProductTree | HeldProduct => ('held' in p ? p : { ...p, summary: summarize(p) });

  async function loadView(repos: ProductServiceRepos, ctx: StoreContext, id: string): Promise<ProductView> {
    const product = await findProductView(repos, ctx.tenant, id);
    if (!product) throw productNotFound(id);
    return product;
  }

  /** References in a product input: categories of this store, its image files, known specifications. */
  async function checkReferences(repos: ProductServiceRepos, ctx: StoreContext, input: ProductPatch): Promise<ErrorDetail[]> {
    const details: ErrorDetail[] = [];
    const { tenant } = ctx;
    if (input.categoryIds) {
      if (input.categoryIds.length > CATALOG_LIMITS.categoriesPerProduct) details.push({ path: 'categoryIds', rule: `must list at most ${CATALOG_LIMITS.categoriesPerProduct} categories` });
      const known = await repos.catalog.categoriesExisting(tenant, input.categoryIds);
      input.categoryIds.forEach((id, i) => {
        if (!known.has(id)) details.push({ path: `categoryIds[${i}]`, rule: 'must be a category of this store (GET /v1/categories)' });
        else if (input.categoryIds!.indexOf(id) !== i) details.push({ path: `categoryIds[${i}]`, rule: 'is listed twice' });
      });
    }
    if (input.imageFileIds) {
      if (input.imageFileIds.length > CATALOG_LIMITS.imagesPerProduct) details.push({ path: 'imageFileIds', rule: `must list at most ${CATALOG_LIMITS.imagesPerProduct} images` });
      for (const [i, id] of input.imageFileIds.entries()) {
        if (input.imageFileIds.indexOf(id) !== i) details.push({ path: `imageFileIds[${i}]`, rule: 'is listed twice' });
        else if (!(await files.imageExists(tenant, id))) details.push({ path: `imageFileIds[${i}]`, rule: 'must be an image uploaded to this store (POST /v1/files)' });
      }
    }
    if (input.specifications) {
      const known = new Set((await reference.listSpecifications(ctx)).map((s) => s.id));
      for (const key of Object.keys(input.specifications)) {
        if (!known.has(key)) details.push({ path: `specifications.${key}`, rule: 'must be a specification id from GET /v1/specifications' });
      }
    }
    return details;
  }

  async function freeSlug(repos: ProductServiceRepos, ctx: StoreContext, name: string): Promise<string> {
    const base = slugify(name).slice(0, 180) || 'product';
    const taken = await repos.catalog.slugsLike(ctx.tenant, base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  function slugTaken(slug: string): AppError {
    return new AppError('SLUG_TAKEN', `Another product of this store already has the slug "${slug}". Choose another, or leave it out.`, {
      details: [{ path: 'slug', rule: 'must be unique within the store' }],
    });
  }

  function skuTaken(code: string, path: string): AppError {
    return new AppError('SKU_CODE_TAKEN', `The sku code "${code}" is already used by another SKU of this store.`, { details: [{ path, rule: 'must be unique within the store' }] });
  }

  /** A page of products; with `held`, those the caller holds come back as `{ held }` (the store currency is read first). */
  /** The filters a reader may use: a shopper sees active products only (asked for drafts or archived ones, none). */
  function listQuery(ctx: StoreContext, query: ProductQuery): { folded: ProductQuery; after: { value: string; id: string } | undefined; nothing: boolean } {
    const reader = readAs(ctx, 'catalog');
    const key = query.cursor === undefined ? undefined : productCursor.decode(query.cursor);
    const after = key && { value: key[0], id: key[1] };
    const nothing = reader === 'shopper' && query.status !== undefined && !visibleToShopper(query.status);
    const folded = { ...query, q: query.q ? foldForSearch(query.q.trim()) : undefined, ...(reader === 'shopper' ? { status: 'active' as const } : {}) };
    return { folded, after, nothing };
  }

  /** A page of the rows read (up to limit + 1) and the cursor of the next one. */
  async function pageWithCursor<P extends Product | HeldProduct>(tenant: Tenant, query: ProductQuery, rows: P[]): Promise<{ page: P[]; nextCursor: string | null }> {
    const field = query.sort.replace('-', '');
    const { items: page, nextCursor } = pageOf(rows, query.limit, async (last) => {
      const id = 'held' in last ? last.held.id : last.id;
      const value = field === 'name' || field === 'updatedAt' ? ((await repos.catalog.sortValue(tenant, id, field)) ?? '') : '';
      return productCursor.encode([value, id]);
    });
    return { page, nextCursor: await nextCursor };
  }

  async function treeOrHeld(ctx: StoreContext, id: string, held: HeldCheck, since?: Readonly<Record<string, string>>, credential?: CredentialCheck): Promise<{ product: ProductTree | HeldProduct; currency: Currency }> {
    const reader = readAs(ctx, 'catalog');
    const read = await repos.catalog.findTreeUnlessHeld(ctx.tenant, id, (head, code) => held(head, currencyOf(code)), since, credential);
    const { product } = read;
    // The status is read with the product, held or not: a shopper never gets a draft from the memo either.
    if (!product || (reader === 'shopper' && !visibleToShopper('held' in product ? product.held.status : product.status))) throw productNotFound(id);
    return { product: asTree(product), currency: currencyOf(read.currency) };
  }

  async function removeIn(repos: ProductServiceRepos, ctx: StoreContext, id: string, precondition: Precondition<ProductView> | undefined, currency: Currency): Promise<void> {
    if (!(await repos.catalog.lockProduct(ctx.tenant, id))) throw productNotFound(id);
    const current = precondition ? await loadView(repos, ctx, id) : undefined;
    if (precondition) precondition(current!, currency);
    // product.deleted carries the product as it was, so it is published before the delete (still in its transaction:
    // a delete that fails rolls the event back with it).
    await events.publish(repos, ctx.tenant, ctx.now, async (wants) =>
      wants('product.deleted') ? [{ type: 'product.deleted', product: current ?? (await loadView(repos, ctx, id)), currency }] : [],
    );
    await repos.catalog.deleteProduct(ctx.tenant, id);
    await recordAudit(repos, ctx, { action: 'product.delete', targetType: 'product', targetId: id });
  }

  return {
    /** A page of products (v1 view). */
    async list(ctx: StoreContext, query: ProductQuery): Promise<{ items: ProductView[]; nextCursor: string | null; currency: Currency }> {
      const { folded, after, nothing } = listQuery(ctx, query);
      const currency = await storeCurrency(repos, ctx);
      if (nothing) return { items: [], nextCursor: null, currency };
      const { page, nextCursor } = await pageWithCursor(ctx.tenant, query, await repos.catalog.listProducts(ctx.tenant, folded, after));
      return { items: await views(repos, ctx.tenant, page), nextCursor, currency };
    },

    /**
     * A page of products with their variant groups and SKUs (v2); those `held` says the caller holds (the memo of
     * decision 0013) come back as `{ held }`. The store's currency is read with the page. `since` (PostgreSQL): the
     * snapshots the caller's copies were made under, by product id (`ProductHead.unchanged`). `credential`: a kept
     * store context's check, which the page's statement answers (`CredentialCheck`).
     */
    async listTrees(ctx: StoreContext, query: ProductQuery, held?: HeldCheck, since?: Readonly<Record<string, string>>, credential?: CredentialCheck): Promise<{ items: Array<ProductTree | HeldProduct>; nextCursor: string | null; currency: Currency }> {
      const { folded, after, nothing } = listQuery(ctx, query);
      if (nothing) return { items: [], nextCursor: null, currency: await storeCurrency(repos, ctx) };
      const read = await repos.catalog.listTreesUnlessHeld(ctx.tenant, folded, after, (head, code) => held?.(head, currencyOf(code)) ?? false, since, credential);
      const { page, nextCursor } = await pageWithCursor(ctx.tenant, query, read.rows);
      return { items: page.map(asTree), nextCursor, currency: currencyOf(read.currency) };
    },

    async get(ctx: StoreContext, id: string): Promise<{ product: ProductView; currency: Currency }> {
      const reader = readAs(ctx, 'catalog');
      const product = await loadView(repos, ctx, id);
      if (reader === 'shopper' && !visibleToShopper(product.status)) throw productNotFound(id);
      return { product, currency: await storeCurrency(repos, ctx) };
    },

    async getTree(ctx: StoreContext, id: string): Promise<{ product: ProductTree; currency: Currency }> {
      const { product, currency } = await treeOrHeld(ctx, id, () => false);
      return { product: product as ProductTree, currency };
    },

    /**
     * One product with its variant groups and SKUs, or `{ held: product }` when the caller holds it already
     * (`listTrees`); `credential` as there.
     */
    getTreeOrHeld: treeOrHeld,

    async create(ctx: StoreContext, input: ProductInput): Promise<{ product: ProductView; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      const currency = await storeCurrency(repos, ctx);
      const details: ErrorDetail[] = [];
      if (input.type === 'VARIABLE') {
        for (const f of SIMPLE_FIELDS) {
          if (input[f] !== undefined) details.push({ path: f, rule: 'is only for SIMPLE products; a VARIABLE product gets prices and stock on its SKUs (POST /v2/products/{productId}/variant-groups)' });
        }
      } else {
        if (input.price === undefined) details.push({ path: 'price', rule: 'is required for a SIMPLE product' });
        if (input.quantityInStock === undefined) details.push({ path: 'quantityInStock', rule: 'is required for a SIMPLE product' });
      }
      const money = checkMoney(input, currency, '');
      details.push(...money.details, ...(await checkReferences(repos, ctx, input)));
      if (details.length > 0) throw invalid(details);
      const { tenant } = ctx;
      if (input.slug !== undefined && (await repos.catalog.slugTaken(tenant, input.slug))) throw slugTaken(input.slug);
      if (input.sku && (await repos.catalog.skuCodesTaken(tenant, [input.sku])).size > 0) throw skuTaken(input.sku, 'sku');

      const id = newId('prd', ctx.now);
      try {
        return await repos.transaction(async (repos) => {
          const product: Product = {
            id,
            type: input.type,
            name: input.name,
            slug: input.slug ?? (await freeSlug(repos, ctx, input.name)),
            description: input.description ?? null,
            status: input.status ?? 'draft',
            categoryIds: input.categoryIds ?? [],
            imageFileIds: input.imageFileIds ?? [],
            specifications: input.specifications ?? {},
            taxClass: input.taxClass ?? DEFAULT_TAX_CLASS,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          };
          await repos.catalog.insertProduct(tenant, product, foldForSearch(product.name));
          await repos.catalog.replaceCategories(ctx.tenant, id, product.categoryIds);
          await repos.catalog.replaceImages(ctx.tenant, id, product.imageFileIds);
          await repos.catalog.replaceSpecifications(ctx.tenant, id, product.specifications);
          if (input.type === 'SIMPLE') {
            await repos.catalog.insertSkus(
              tenant,
              [
                {
                  id: newId('sku', ctx.now),
                  productId: id,
                  groupId: null,
                  sku: input.sku ?? null,
                  priceMinor: money.priceMinor!,
                  discountBp: money.discountBp ?? 0,
                  quantityInStock: input.quantityInStock!,
                  attributes: {},
                  taxClass: null,
                  combinationKey: combinationKey(null, {}),
                },
              ],
              ctx.now,
            );
          }
          await recordAudit(repos, ctx, { action: 'product.create', targetType: 'product', targetId: id, details: { name: product.name, type: product.type } });
          const created = await loadView(repos, ctx, id);
          await events.publish(repos, tenant, ctx.now, () => [{ type: 'product.created', product: created, currency }]);
          return { product: created, currency };
        });
      } catch (error) {
        if (input.sku && isUniqueConflict(error, 'sku_code')) throw skuTaken(input.sku, 'sku');
        if (isUniqueConflict(error, 'product_slug')) throw slugTaken(input.slug ?? input.name);
        throw error;
      }
    },

    /** Changes only the sent fields. `categoryIds`, `imageFileIds` and `specifications`, when sent, replace the old lists. */
    async update(ctx: StoreContext, id: string, patch: ProductPatch, precondition?: Precondition<ProductView>): Promise<{ product: ProductView; currency: Currency }> {
      requirePermission(ctx, 'products:write');
      if (patch.quantityInStock !== undefined) requirePermission(ctx, 'inventory:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      // Read outside the transaction: SQLite has one connection, and a read beside an open transaction would wait forever.
      const referenceProblems = await checkReferences(repos, ctx, patch);
      try {
        return await repos.transaction(async (repos) => {
          const locked = await repos.catalog.lockProduct(tenant, id);
          if (!locked) throw productNotFound(id);
          const current = await loadView(repos, ctx, id);
          precondition?.(current, currency);
          const details: ErrorDetail[] = [];
          if (locked.type === 'VARIABLE') {
            for (const f of SIMPLE_FIELDS) {
              if (patch[f] !== undefined) details.push({ path: f, rule: 'is only for SIMPLE products; change a VARIABLE product’s SKUs with PATCH /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}' });
            }
          }
          const money = checkMoney(patch, currency, '');
          details.push(...money.details, ...referenceProblems);
          if (details.length > 0) throw invalid(details);
          if (patch.slug !== undefined && (await repos.catalog.slugTaken(tenant, patch.slug, id))) throw slugTaken(patch.slug);
          const simple = current.simpleSku;
          if (patch.sku && simple && (await repos.catalog.skuCodesTaken(tenant, [patch.sku], simple.id)).size > 0) throw skuTaken(patch.sku, 'sku');

          await repos.catalog.updateProduct(
            tenant,
            id,
            {
              ...(patch.name !== undefined ? { name: patch.name, nameFolded: foldForSearch(patch.name) } : {}),
              ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
              ...(patch.description !== undefined ? { description: patch.description } : {}),
              ...(patch.status !== undefined ? { status: patch.status } : {}),
              ...(patch.taxClass !== undefined ? { taxClass: patch.taxClass } : {}),
            },
            ctx.now,
          );
          if (patch.categoryIds) await repos.catalog.replaceCategories(ctx.tenant, id, patch.categoryIds);
          if (patch.imageFileIds) await repos.catalog.replaceImages(ctx.tenant, id, patch.imageFileIds);
          if (patch.specifications) await repos.catalog.replaceSpecifications(ctx.tenant, id, patch.specifications);
          const stock: StockChange[] = [];
          if (simple && (money.priceMinor !== undefined || money.discountBp !== undefined || patch.quantityInStock !== undefined || patch.sku !== undefined)) {
            const updatedSku = await repos.catalog.updateSku(
              tenant,
              simple.id,
              {
                ...(money.priceMinor !== undefined ? { priceMinor: money.priceMinor } : {}),
                ...(money.discountBp !== undefined ? { discountBp: money.discountBp } : {}),
                ...(patch.quantityInStock !== undefined ? { quantityInStock: patch.quantityInStock } : {}),
                ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
              },
              ctx.now,
            );
            if (patch.quantityInStock !== undefined && patch.quantityInStock !== simple.quantityInStock) {
              await recordAdjustment(repos, ctx, simple.id, patch.quantityInStock - simple.quantityInStock, patch.quantityInStock, 'product update');
              stock.push({ skuId: simple.id, from: simple.quantityInStock, to: patch.quantityInStock, reason: 'product update', levels: updatedSku?.levelChanges });
            }
          }
          await recordAudit(repos, ctx, { action: 'product.update', targetType: 'product', targetId: id, details: { fields: Object.keys(patch) } });
          const updated = await loadView(repos, ctx, id);
          // A change of the stock alone is sku.stock_changed, not product.updated (the event catalog's rule).
          const sent = Object.keys(patch).filter((f) => patch[f as keyof ProductPatch] !== undefined);
          const stockOnly = sent.length > 0 && sent.every((f) => f === 'quantityInStock');
          await events.publish(repos, tenant, ctx.now, async (wants) => [
            ...(stockOnly ? [] : [{ type: 'product.updated' as const, product: updated, currency }]),
            ...(await stockEvents(repos, tenant, wants, stock, currency)),
          ]);
          return { product: updated, currency };
        });
      } catch (error) {
        if (patch.sku && isUniqueConflict(error, 'sku_code')) throw skuTaken(patch.sku, 'sku');
        if (isUniqueConflict(error, 'product_slug')) throw slugTaken(patch.slug ?? '');
        throw error;
      }
    },

    /** Deletes the product with its variant groups and SKUs. */
    async remove(ctx: StoreContext, id: string, precondition?: Precondition<ProductView>): Promise<void> {
      requirePermission(ctx, 'products:write');
      const currency = await storeCurrency(repos, ctx);
      await repos.transaction((repos) => removeIn(repos, ctx, id, precondition, currency));
    },

    /** Refuses as `remove` would, changing nothing (rehearsed and rolled back). */
    async checkRemove(ctx: StoreContext, id: string): Promise<void> {
      requirePermission(ctx, 'products:write');
      const currency = await storeCurrency(repos, ctx);
      await rehearse(repos, (repos) => removeIn(repos, ctx, id, undefined, currency));
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
