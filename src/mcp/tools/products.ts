import { z } from 'zod';
import { GroupCreateBody, GroupPatchBody, ProductCreateBody, ProductListFilters, ProductPatchBody, SkuCreateBody, SkuPatchBody } from '../../domain/catalog/catalog-schemas.ts';
import type { Permission } from '../../domain/shared/permissions.ts';
import { ProductRecord, ProductTreeRecord, SkuRecord, sentFields, toGroupRecord, toProductRecord, toProductTreeRecord, toSkuRecord, VariantGroupRecord } from '../../wire/catalog.ts';
import { pagination } from '../../wire/page.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'products' as const;

/** A change of stock also needs inventory:write (the services check it; `update_sku` and `update_product`). */
const stockToo = (args: { quantityInStock?: unknown }): readonly Permission[] =>
  args.quantityInStock === undefined ? ['products:write'] : ['products:write', 'inventory:write'];

/** Products and their variant groups and SKUs: the same services as /v1/products and /v2/products. */
export const productTools = [
  defineTool({
    name: 'list_products',
    area,
    title: 'List products',
    description:
      'Lists the store’s products, newest first by default, a page at a time. Filter by status, type (SIMPLE or VARIABLE), categoryId or q (text in the name or a SKU code). ' +
      'Each product has its price (SIMPLE) or price range (VARIABLE) and total stock. Use get_product for the variant groups and SKUs.',
    permission: 'products:read',
    does: READ,
    input: z.strictObject({ ...PageInput, ...ProductListFilters }),
    output: listOutput(ProductRecord),
    async run(s, ctx, args) {
      const page = await s.products.list(ctx, args);
      return { summary: `${page.items.length} product(s)`, data: { items: page.items.map((p) => toProductRecord(p, page.currency)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_product',
    area,
    title: 'Get a product',
    description: 'One product with its variant groups and their SKUs (ids, prices, discounts, stock). SKU ids are what orders and stock adjustments take.',
    permission: 'products:read',
    does: READ,
    input: z.strictObject({ productId: Id }),
    output: z.object({ product: ProductTreeRecord }),
    async run(s, ctx, args) {
      const { product, currency } = await s.products.getTree(ctx, args.productId);
      return { summary: `Product ${product.name}`, data: { product: toProductTreeRecord(product, currency) } };
    },
  }),
  defineTool({
    name: 'create_product',
    area,
    title: 'Create a product',
    description:
      'Creates a product (status draft unless given). A SIMPLE product needs price and quantityInStock (prices in the store currency, greater than 1; discount is a percentage 0-100). ' +
      'A VARIABLE product gets its options afterwards with add_variant_group. Specification ids come from the public GET /v1/specifications.',
    permission: 'products:write',
    does: CREATE,
    input: ProductCreateBody,
    output: z.object({ product: ProductRecord }),
    async run(s, ctx, args) {
      const { product, currency } = await s.products.create(ctx, args);
      return { summary: `Product ${product.name} created (${product.id})`, data: { product: toProductRecord(product, currency) } };
    },
  }),
  defineTool({
    name: 'update_product',
    area,
    title: 'Change a product',
    description: 'Changes only the fields sent (name, slug, description, status draft|active|archived, categories, images, specifications; price, discount, stock and sku for SIMPLE products).',
    permission: 'products:write',
    permissionsOf: stockToo,
    does: UPDATE,
    input: z.strictObject({ productId: Id, ...ProductPatchBody.shape }),
    output: z.object({ product: ProductRecord }),
    async run(s, ctx, { productId, ...patch }) {
      const { product, currency } = await s.products.update(ctx, productId, patch);
      return { summary: `Product ${product.name} updated`, data: { product: toProductRecord(product, currency) } };
    },
  }),
  defineTool({
    name: 'delete_product',
    area,
    title: 'Delete a product',
    description: 'Deletes a product with all its variant groups and SKUs. Irreversible: needs confirm: true.',
    permission: 'products:write',
    does: DESTROY,
    confirm: (a) => `delete product ${a.productId} with all its variant groups and SKUs`,
    precheck: (s, ctx, a) => s.products.checkRemove(ctx, a.productId),
    input: z.strictObject({ productId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.products.remove(ctx, args.productId);
      return { summary: `Product ${args.productId} deleted`, data: { id: args.productId, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'add_variant_group',
    area,
    title: 'Add a variant group',
    description:
      'Adds an option (for example attributeName "Color", attributeValue "Red") with at least one SKU to a VARIABLE product. Each SKU: price (> 1), quantityInStock, optional discount (0-100), sku code and attributes (sub-dimensions such as {"Size": "M"}).',
    permission: 'products:write',
    does: CREATE,
    input: z.strictObject({ productId: Id, ...GroupCreateBody.shape }),
    output: z.object({ group: VariantGroupRecord }),
    async run(s, ctx, { productId, ...input }) {
      const { group, currency } = await s.variants.addGroup(ctx, productId, input);
      return { summary: `Variant group ${group.attributeName} ${group.attributeValue} added (${group.id})`, data: { group: toGroupRecord(group, currency) } };
    },
  }),
  defineTool({
    name: 'update_variant_group',
    area,
    title: 'Change a variant group',
    description: 'Changes the group’s attributeName, attributeValue, image or colorId (only the fields sent). Price and stock belong to SKUs: use update_sku.',
    permission: 'products:write',
    does: UPDATE,
    input: z.strictObject({ productId: Id, groupId: Id, ...GroupPatchBody.in.shape }),
    output: z.object({ group: VariantGroupRecord }),
    async run(s, ctx, { productId, groupId, ...patch }) {
      const { group, currency } = await s.variants.updateGroup(ctx, productId, groupId, sentFields(patch));
      return { summary: `Variant group ${group.id} updated`, data: { group: toGroupRecord(group, currency) } };
    },
  }),
  defineTool({
    name: 'delete_variant_group',
    area,
    title: 'Delete a variant group',
    description: 'Deletes a variant group and all its SKUs. Irreversible: needs confirm: true.',
    permission: 'products:write',
    does: DESTROY,
    confirm: (a) => `delete variant group ${a.groupId} of product ${a.productId} with all its SKUs`,
    precheck: async (s, ctx, a) => void (await s.variants.getGroup(ctx, a.productId, a.groupId)),
    input: z.strictObject({ productId: Id, groupId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.variants.deleteGroup(ctx, args.productId, args.groupId);
      return { summary: `Variant group ${args.groupId} deleted`, data: { id: args.groupId, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'add_sku',
    area,
    title: 'Add a SKU',
    description: 'Adds a SKU to an existing variant group: price (> 1), quantityInStock, optional discount (0-100), sku code and attributes.',
    permission: 'products:write',
    does: CREATE,
    input: z.strictObject({ productId: Id, groupId: Id, ...SkuCreateBody.shape }),
    output: z.object({ sku: SkuRecord }),
    async run(s, ctx, { productId, groupId, ...input }) {
      const { sku, currency } = await s.variants.addSku(ctx, productId, groupId, input);
      return { summary: `SKU ${sku.id} added`, data: { sku: toSkuRecord(sku, currency) } };
    },
  }),
  defineTool({
    name: 'update_sku',
    area,
    title: 'Change a SKU',
    description: 'Changes only the fields sent: price (> 1), discount (0-100), quantityInStock, sku code, attributes. For stock changes with a reason in the history, prefer adjust_stock.',
    permission: 'products:write',
    permissionsOf: stockToo,
    does: UPDATE,
    input: z.strictObject({ productId: Id, groupId: Id, skuId: Id, ...SkuPatchBody.shape }),
    output: z.object({ sku: SkuRecord }),
    async run(s, ctx, { productId, groupId, skuId, ...patch }) {
      const { sku, currency } = await s.variants.updateSku(ctx, productId, groupId, skuId, patch);
      return { summary: `SKU ${sku.id} updated`, data: { sku: toSkuRecord(sku, currency) } };
    },
  }),
  defineTool({
    name: 'delete_sku',
    area,
    title: 'Delete a SKU',
    description: 'Deletes one SKU of a variant group. Irreversible: needs confirm: true.',
    permission: 'products:write',
    does: DESTROY,
    confirm: (a) => `delete SKU ${a.skuId} of variant group ${a.groupId}`,
    precheck: (s, ctx, a) => s.variants.checkDeleteSku(ctx, a.productId, a.groupId, a.skuId),
    input: z.strictObject({ productId: Id, groupId: Id, skuId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.variants.deleteSku(ctx, args.productId, args.groupId, args.skuId);
      return { summary: `SKU ${args.skuId} deleted`, data: { id: args.skuId, deleted: true as const } };
    },
  }),
];
