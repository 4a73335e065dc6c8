import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StoreContext } from '../../../context.ts';
import { AdjustmentBody, CategoryCreateBody, CategoryPatchBody, GroupCreateBody, GroupPatchBody, ProductCreateBody, ProductPatchBody, SkuCreateBody, SkuPatchBody } from '../../../domain/catalog/catalog-schemas.ts';
import type { CategoryService } from '../../../domain/catalog/category-service.ts';
import type { InventoryService } from '../../../domain/catalog/inventory-service.ts';
import type { CredentialCheck } from '../../../domain/catalog/ports.ts';
import type { ProductService } from '../../../domain/catalog/product-service.ts';
import type { HeldProduct, ProductTree } from '../../../domain/catalog/types.ts';
import type { VariantService } from '../../../domain/catalog/variant-service.ts';
import { AdjustmentRecord, CategoryRecord, CategoryRep, GroupRep, InventoryDashboard, InventorySettingsRecord, InventorySettingsRep, LowStockRecord, ProductListQuery, ProductRecord, ProductRep, ProductTreeRecord, SkuRecord, SkuRep, STOCK_STATES, StockLevelRecord, sentFields, toAdjustmentRecord, toCategoryRecord, toGroupRecord, toInventoryDashboard, toInventorySettingsRecord, toLowStockRecord, toProductRecord, toSkuRecord, toStockLevelRecord, VariantGroupRecord } from '../../../wire/catalog.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, PAGE, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import type { FrontCache } from '../../front-cache.ts';
import { storeCtx, takeCheckedRead } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { createProductTreeMemo } from '../../product-memo.ts';
import { sendRepresentation } from '../../representation-memo.ts';

export interface CatalogRouteDeps {
  products: ProductService;
  variants: VariantService;
  categories: CategoryService;
  inventory: InventoryService;
  /** The v2 product reads offer their answers to API keys to the front cache (src/http/front-cache.ts, `offerPerKey`). */
  front: FrontCache;
  /**
   * Whether the product read can carry a kept credential's check (PostgreSQL, decision 0044: `config.checkedRead`).
   * On SQLite the change mark is read in-process, without a round trip to save.
   */
  checkedReads?: boolean;
}

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};
const Done = envelope(z.object({ id: z.string() }));
const ProductParams = z.object({ productId: z.string().max(64) });
const GroupParams = ProductParams.extend({ groupId: z.string().max(64) });
const SkuParams = GroupParams.extend({ skuId: z.string().max(64) });
const CategoryParams = z.object({ categoryId: z.string().max(64) });
const PageQuery = z.object(pageFields(PAGE, 'query'));
const ifMatchNote = IF_MATCH_NOTE;
/** The id of a product the service read or found held in the memo. */
const productIdOf = (product: ProductTree | HeldProduct): string => ('held' in product ? product.held.id : product.id);

/** Products (v1, v2 reads), variant groups and SKUs (v2), categories, stock adjustments and the inventory dashboard. */
export async function catalogRoutes(app: FastifyInstance, deps: CatalogRouteDeps): Promise<void> {
  const { products, variants, categories, inventory, front } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The v2 product reads send serialized products kept by revision (./product-memo.ts); the bytes are the schema's.
  const productMemo = createProductTreeMemo();
  // Their answers to API keys are kept by the front cache while the database is unchanged.
  front.offerPerKeyAt(/^\/v2\/products(?:\/[^/?]+)?(?:\?|$)/);
  const config = { auth: 'store' as const };
  // The reads a storefront makes with a publishable key (docs/storefront.md): the services answer it active products only.
  const storefront = { ...config, storefront: true };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = { products: ['Products'], variants: ['Variant groups and SKUs (v2)'], categories: ['Categories'], inventory: ['Inventory'] };

  // ---- products (v1) ----------------------------------------------------------------------------------------

  r.get(
    '/v1/products',
    {
      config: storefront,
      schema: {
        tags: tags.products,
        summary: 'List products (products:read; a publishable key lists active ones)',
        description: 'Filters: status, type (SIMPLE or VARIABLE), categoryId, q (name or SKU code). Sort: createdAt, name, updatedAt (prefix - for descending). Cursor pagination.',
        querystring: ProductListQuery,
        response: { 200: pagedEnvelope(z.array(ProductRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await products.list(storeCtx(request), request.query);
      return okPage('Products retrieved', page.items.map((p) => toProductRecord(p, page.currency)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/products',
    {
      config,
      schema: {
        tags: tags.products,
        summary: 'Create a product (products:write)',
        description: 'SIMPLE products carry price, discount, quantityInStock and sku; VARIABLE products get variant groups with POST /v2/products/{productId}/variant-groups.',
        body: ProductCreateBody,
        response: { 201: envelope(ProductRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { product, currency } = await products.create(storeCtx(request), request.body);
      return sendWithEtag(reply, ProductRep, product, currency).code(201).send(ok('Product created', toProductRecord(product, currency)));
    },
  );

  r.get(
    '/v1/products/:productId',
    { config: storefront, schema: { tags: tags.products, summary: 'Get a product (products:read; a publishable key: active products only)', params: ProductParams, response: { 200: envelope(ProductRecord), ...errors } } },
    async (request) => {
      const { product, currency } = await products.get(storeCtx(request), request.params.productId);
      return ok(ProductRep.message, toProductRecord(product, currency));
    },
  );

  r.patch(
    '/v1/products/:productId',
    {
      config: editConfig,
      schema: {
        tags: tags.products,
        summary: 'Change a product (products:write; stock also inventory:write)',
        description: `Changes only the sent fields; categoryIds, imageFileIds and specifications replace the old lists. ${ifMatchNote}`,
        params: ProductParams,
        body: ProductPatchBody,
        response: { 200: envelope(ProductRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { product, currency } = await products.update(storeCtx(request), request.params.productId, request.body, ifMatch(request, ProductRep));
      return sendWithEtag(reply, ProductRep, product, currency).send(ok('Product updated', toProductRecord(product, currency)));
    },
  );

  r.delete(
    '/v1/products/:productId',
    { config: editConfig, schema: { tags: tags.products, summary: 'Delete a product with its groups and SKUs (products:write)', description: ifMatchNote, params: ProductParams, response: { 200: Done, ...errors, ...PRECONDITION_FAILED } } },
    async (request) => {
      await products.remove(storeCtx(request), request.params.productId, ifMatch(request, ProductRep));
      return ok('Product deleted', { id: request.params.productId });
    },
  );

  // ---- products (v2) ----------------------------------------------------------------------------------------

  r.get(
    '/v2/products',
    {
      config: storefront,
      onSend: front.capture,
      schema: {
        tags: tags.variants,
        summary: 'List products with their variant groups and SKUs (products:read; a publishable key lists active ones)',
        description: 'The filters, sort and cursor pagination of GET /v1/products: status, type (SIMPLE or VARIABLE), categoryId, q.',
        querystring: ProductListQuery,
        response: { 200: pagedEnvelope(z.array(ProductTreeRecord)), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const memo = productMemo.forRequest(ctx.tenant, request.url);
      const page = await products.listTrees(ctx, request.query, memo.held, memo.sinceForList());
      front.offerPerKey(reply, { storeId: ctx.tenant.storeId, products: page.items.map(productIdOf), list: request.query.sort.endsWith('updatedAt') ? 'any' : 'moves' });
      return sendRepresentation(reply, memo.pageBody(page.items, page.currency, request.query.limit, page.nextCursor));
    },
  );

  /** One product as the route reads it, with this request's use of the memo; `credential` as `getTreeOrHeld` takes it. */
  async function readProduct(ctx: StoreContext, id: string, credential?: CredentialCheck) {
    const memo = productMemo.forRequest(ctx.tenant);
    return { memo, ...(await products.getTreeOrHeld(ctx, id, memo.held, memo.since(id), credential)) };
  }

  r.get(
    '/v2/products/:productId',
    {
      // With a kept session's context, one statement checks it and reads the product (decision 0044). The raw path
      // parameter is what validation passes on unchanged (a string of at most 64 characters, or a 422 after).
      config: deps.checkedReads ? { ...storefront, checkedRead: (request, ctx, check) => readProduct(ctx, (request.params as { productId: string }).productId, check) } : storefront,
      onSend: front.capture,
      schema: { tags: tags.variants, summary: 'Get a product with its variant groups and SKUs (products:read; a publishable key: active products only)', params: ProductParams, response: { 200: envelope(ProductTreeRecord), ...errors } },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const { memo, product, currency } = takeCheckedRead<Awaited<ReturnType<typeof readProduct>>>(request) ?? (await readProduct(ctx, request.params.productId));
      front.offerPerKey(reply, { storeId: ctx.tenant.storeId, products: [productIdOf(product)] });
      return sendRepresentation(reply, memo.productBody(product, currency));
    },
  );

  // ---- variant groups (v2) ----------------------------------------------------------------------------------

  r.post(
    '/v2/products/:productId/variant-groups',
    {
      config,
      schema: {
        tags: tags.variants,
        summary: 'Add a variant group with its SKUs (products:write)',
        description: 'At least one SKU; all or nothing. Only on VARIABLE products.',
        params: ProductParams,
        body: GroupCreateBody,
        response: { 201: envelope(VariantGroupRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { group, currency } = await variants.addGroup(storeCtx(request), request.params.productId, request.body);
      return sendWithEtag(reply, GroupRep, group, currency).code(201).send(ok('Variant group created', toGroupRecord(group, currency)));
    },
  );

  r.get(
    '/v2/products/:productId/variant-groups/:groupId',
    { config: storefront, schema: { tags: tags.variants, summary: 'Get a variant group with its SKUs (products:read; a publishable key: of active products only)', params: GroupParams, response: { 200: envelope(VariantGroupRecord), ...errors } } },
    async (request) => {
      const { group, currency } = await variants.getGroup(storeCtx(request), request.params.productId, request.params.groupId);
      return ok(GroupRep.message, toGroupRecord(group, currency));
    },
  );

  r.patch(
    '/v2/products/:productId/variant-groups/:groupId',
    {
      config: editConfig,
      schema: {
        tags: tags.variants,
        summary: 'Change group metadata (products:write)',
        description: `Any of attributeName, attributeValue, image, colorId; only sent fields change. Price and stock are refused here (change them on the SKUs). ${ifMatchNote}`,
        params: GroupParams,
        body: GroupPatchBody,
        response: { 200: envelope(VariantGroupRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { group, currency } = await variants.updateGroup(storeCtx(request), request.params.productId, request.params.groupId, sentFields(request.body), ifMatch(request, GroupRep));
      return sendWithEtag(reply, GroupRep, group, currency).send(ok('Variant group updated', toGroupRecord(group, currency)));
    },
  );

  r.delete(
    '/v2/products/:productId/variant-groups/:groupId',
    { config: editConfig, schema: { tags: tags.variants, summary: 'Delete a variant group and all its SKUs (products:write)', description: ifMatchNote, params: GroupParams, response: { 200: Done, ...errors, ...PRECONDITION_FAILED } } },
    async (request) => {
      await variants.deleteGroup(storeCtx(request), request.params.productId, request.params.groupId, ifMatch(request, GroupRep));
      return ok('Variant group deleted', { id: request.params.groupId });
    },
  );

  // ---- SKUs (v2) --------------------------------------------------------------------------------------------

  r.post(
    '/v2/products/:productId/variant-groups/:groupId/skus',
    {
      config,
      schema: { tags: tags.variants, summary: 'Add a SKU to a group (products:write)', params: GroupParams, body: SkuCreateBody, response: { 201: envelope(SkuRecord), ...errors } },
    },
    async (request, reply) => {
      const { sku, currency } = await variants.addSku(storeCtx(request), request.params.productId, request.params.groupId, request.body);
      return sendWithEtag(reply, SkuRep, sku, currency).code(201).send(ok('SKU created', toSkuRecord(sku, currency)));
    },
  );

  r.get(
    '/v2/products/:productId/variant-groups/:groupId/skus/:skuId',
    { config: storefront, schema: { tags: tags.variants, summary: 'Get a SKU (products:read; a publishable key: of active products only)', params: SkuParams, response: { 200: envelope(SkuRecord), ...errors } } },
    async (request) => {
      const { sku, currency } = await variants.getSku(storeCtx(request), request.params.productId, request.params.groupId, request.params.skuId);
      return ok(SkuRep.message, toSkuRecord(sku, currency));
    },
  );

  r.patch(
    '/v2/products/:productId/variant-groups/:groupId/skus/:skuId',
    {
      config: editConfig,
      schema: {
        tags: tags.variants,
        summary: 'Change a SKU (products:write; stock also inventory:write)',
        description: `Any of price, discount, quantityInStock, sku, attributes; only sent fields change. ${ifMatchNote}`,
        params: SkuParams,
        body: SkuPatchBody,
        response: { 200: envelope(SkuRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { productId, groupId, skuId } = request.params;
      const { sku, currency } = await variants.updateSku(storeCtx(request), productId, groupId, skuId, request.body, ifMatch(request, SkuRep));
      return sendWithEtag(reply, SkuRep, sku, currency).send(ok('SKU updated', toSkuRecord(sku, currency)));
    },
  );

  r.delete(
    '/v2/products/:productId/variant-groups/:groupId/skus/:skuId',
    {
      config: editConfig,
      schema: { tags: tags.variants, summary: 'Delete a SKU (products:write)', description: `The last SKU of a group cannot be deleted (409): delete the group. ${ifMatchNote}`, params: SkuParams, response: { 200: Done, ...errors, ...PRECONDITION_FAILED } },
    },
    async (request) => {
      const { productId, groupId, skuId } = request.params;
      await variants.deleteSku(storeCtx(request), productId, groupId, skuId, ifMatch(request, SkuRep));
      return ok('SKU deleted', { id: skuId });
    },
  );

  // ---- categories -------------------------------------------------------------------------------------------

  r.get(
    '/v1/categories',
    { config: storefront, schema: { tags: tags.categories, summary: 'List categories (products:read, or a publishable key)', description: 'All categories of the store, by position then name; build the tree from parentId.', response: { 200: envelope(z.array(CategoryRecord)), ...errors } } },
    async (request) => ok('Categories retrieved', (await categories.list(storeCtx(request))).map(toCategoryRecord)),
  );

  r.post(
    '/v1/categories',
    { config, schema: { tags: tags.categories, summary: 'Create a category (products:write)', body: CategoryCreateBody, response: { 201: envelope(CategoryRecord), ...errors } } },
    async (request, reply) => reply.code(201).send(ok('Category created', toCategoryRecord(await categories.create(storeCtx(request), request.body)))),
  );

  r.get(
    '/v1/categories/:categoryId',
    { config: storefront, schema: { tags: tags.categories, summary: 'Get a category (products:read, or a publishable key)', params: CategoryParams, response: { 200: envelope(CategoryRecord), ...errors } } },
    async (request) => ok(CategoryRep.message, toCategoryRecord(await categories.get(storeCtx(request), request.params.categoryId))),
  );

  r.patch(
    '/v1/categories/:categoryId',
    {
      config: editConfig,
      schema: {
        tags: tags.categories,
        summary: 'Change a category (products:write)',
        description: ifMatchNote,
        params: CategoryParams,
        body: CategoryPatchBody,
        response: { 200: envelope(CategoryRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const category = await categories.update(storeCtx(request), request.params.categoryId, request.body, ifMatch(request, CategoryRep));
      return sendWithEtag(reply, CategoryRep, category).send(ok('Category updated', toCategoryRecord(category)));
    },
  );

  r.delete(
    '/v1/categories/:categoryId',
    {
      config: editConfig,
      schema: {
        tags: tags.categories,
        summary: 'Delete an empty category (products:write)',
        description: `A category with sub-categories or products is refused with 409. ${ifMatchNote}`,
        params: CategoryParams,
        response: { 200: Done, ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request) => {
      await categories.remove(storeCtx(request), request.params.categoryId, ifMatch(request, CategoryRep));
      return ok('Category deleted', { id: request.params.categoryId });
    },
  );

  // ---- inventory --------------------------------------------------------------------------------------------

  r.post(
    '/v1/inventory/adjustments',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'Adjust a SKU’s stock (inventory:write)',
        description: 'Exactly one of delta (add or remove units) or set (an exact count), with a reason. Atomic: concurrent adjustments add up; stock never goes below zero.',
        body: AdjustmentBody,
        response: { 201: envelope(z.object({ adjustment: AdjustmentRecord, quantityInStock: z.number().int() })), ...errors },
      },
    },
    async (request, reply) => {
      const { sku, adjustment } = await inventory.adjust(storeCtx(request), request.body);
      return reply.code(201).send(ok('Stock adjusted', { adjustment: toAdjustmentRecord(adjustment), quantityInStock: sku.quantityInStock }));
    },
  );

  r.get(
    '/v1/inventory/adjustments',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'Stock history of a SKU, newest first (inventory:read)',
        querystring: PageQuery.extend({ skuId: z.string().min(1).max(64) }),
        response: { 200: pagedEnvelope(z.array(AdjustmentRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await inventory.history(storeCtx(request), request.query.skuId, request.query);
      return okPage('Adjustments retrieved', page.items.map(toAdjustmentRecord), request.query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/inventory/settings',
    { config, schema: { tags: tags.inventory, summary: 'The low-stock threshold (inventory:read)', response: { 200: envelope(InventorySettingsRecord), ...errors } } },
    async (request) => ok(InventorySettingsRep.message, toInventorySettingsRecord(await inventory.threshold(storeCtx(request)))),
  );

  r.patch(
    '/v1/inventory/settings',
    {
      config: editConfig,
      schema: {
        tags: tags.inventory,
        summary: 'Change the low-stock threshold (settings:write)',
        description: ifMatchNote,
        body: z.strictObject({ lowStockThreshold: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000) }),
        response: { 200: envelope(InventorySettingsRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const threshold = await inventory.setThreshold(storeCtx(request), request.body.lowStockThreshold, ifMatch(request, InventorySettingsRep));
      return sendWithEtag(reply, InventorySettingsRep, threshold).send(ok('Inventory settings updated', toInventorySettingsRecord(threshold)));
    },
  );

  r.get(
    '/v1/dashboard/inventory',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'Inventory breakdown (inventory:read)',
        description: 'Units and value in stock, counts of in-stock / low / out-of-stock SKUs, and the same per category. Cache window: 3 minutes, stale-while-revalidate 6 minutes.',
        response: { 200: envelope(InventoryDashboard), ...errors },
      },
    },
    async (request) => ok('Inventory dashboard retrieved', toInventoryDashboard(await inventory.dashboard(storeCtx(request)))),
  );

  r.get(
    '/v1/dashboard/overview/low-stock',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'SKUs at or below the low-stock threshold (inventory:read)',
        description: 'Out of stock first, with product and group names. Cache window: 3 minutes, stale-while-revalidate 6 minutes.',
        querystring: PageQuery,
        response: { 200: pagedEnvelope(z.object({ lowStockThreshold: z.number().int(), skus: z.array(LowStockRecord) })), ...errors },
      },
    },
    async (request) => {
      const page = await inventory.lowStock(storeCtx(request), request.query);
      return okPage('Low-stock SKUs retrieved', { lowStockThreshold: page.threshold, skus: page.items.map(toLowStockRecord) }, request.query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/inventory/skus',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'Stock levels of every SKU, with product and group names (inventory:read)',
        description:
          'By product name, then SKU. q finds text in the product name (case- and accent-insensitive) or the SKU code; stock=in|low|out keeps SKUs above the low-stock threshold, at 1..threshold units, or at 0. Cursor pagination.',
        querystring: PageQuery.extend({
          q: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('text to find in the product name or SKU code'),
          stock: z.enum(STOCK_STATES, { error: 'must be in, low or out' }).optional(),
        }),
        response: { 200: pagedEnvelope(z.object({ lowStockThreshold: z.number().int(), skus: z.array(StockLevelRecord) })), ...errors },
      },
    },
    async (request) => {
      const page = await inventory.stockLevels(storeCtx(request), request.query);
      return okPage('Stock levels retrieved', { lowStockThreshold: page.threshold, skus: page.items.map(toStockLevelRecord) }, request.query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/inventory/skus/:skuId',
    {
      config,
      schema: {
        tags: tags.inventory,
        summary: 'Stock level of one SKU, with product and group names (inventory:read)',
        params: z.object({ skuId: z.string().max(64) }),
        response: { 200: envelope(z.object({ lowStockThreshold: z.number().int(), sku: StockLevelRecord })), ...errors },
      },
    },
    async (request) => {
      const { threshold, level } = await inventory.stockLevel(storeCtx(request), request.params.skuId);
      return ok('Stock level retrieved', { lowStockThreshold: threshold, sku: toStockLevelRecord(level) });
    },
  );
}
