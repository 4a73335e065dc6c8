import { z } from 'zod';
import { TaxClass } from '../taxes/tax-schemas.ts';
import { CATALOG_LIMITS, PRODUCT_SORTS, PRODUCT_STATUSES, PRODUCT_TYPES } from './types.ts';

/**
 * Input shapes of the catalog, shared by the REST routes and the MCP tools so both doors accept exactly the same
 * things. Rules that depend on stored data (currency digits, references, uniqueness) live in the services.
 */

export const Price = z
  .number({ error: 'must be a number' })
  .gt(1, 'must be greater than 1')
  .max(CATALOG_LIMITS.maxPrice, `must be at most ${CATALOG_LIMITS.maxPrice}`)
  .describe('price in the store currency, e.g. 19.99; must be greater than 1, with at most the currency’s decimals');
export const Discount = z
  .number({ error: 'must be a number' })
  .min(0, 'must be a percentage from 0 to 100')
  .max(100, 'must be a percentage from 0 to 100')
  .describe('discount percentage, 0 to 100');
export const Quantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(CATALOG_LIMITS.maxQuantity, `must be at most ${CATALOG_LIMITS.maxQuantity}`)
  .describe('units available for purchase');
export const SkuCode = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').describe("the merchant's own stock-keeping code, unique within the store");
export const Attributes = z
  .record(
    z.string().trim().min(1, 'attribute names must not be empty').max(CATALOG_LIMITS.attributeKeyLength, `attribute names must be at most ${CATALOG_LIMITS.attributeKeyLength} characters`),
    z.string({ error: 'attribute values must be strings' }).trim().min(1, 'attribute values must not be empty').max(CATALOG_LIMITS.attributeValueLength, `attribute values must be at most ${CATALOG_LIMITS.attributeValueLength} characters`),
  )
  .refine((a) => Object.keys(a).length <= CATALOG_LIMITS.attributesPerSku, `must have at most ${CATALOG_LIMITS.attributesPerSku} entries`)
  .describe('extra sub-dimensions, e.g. { "Size": "M" }');

export const SkuCreateBody = z.strictObject({
  price: Price,
  discount: Discount.optional(),
  quantityInStock: Quantity,
  sku: SkuCode.nullable().optional(),
  attributes: Attributes.optional(),
  taxClass: TaxClass.nullable().optional().describe("null: the product's"),
});

export const SkuPatchBody = z.strictObject({
  price: Price.optional(),
  discount: Discount.optional(),
  quantityInStock: Quantity.optional(),
  sku: SkuCode.nullable().optional(),
  attributes: Attributes.optional(),
  taxClass: TaxClass.nullable().optional().describe("null: the product's"),
});

const AttributeName = z.string().trim().min(1, 'must not be empty').max(CATALOG_LIMITS.attributeKeyLength, `must be at most ${CATALOG_LIMITS.attributeKeyLength} characters`).describe('dimension name, e.g. Color');
const AttributeValue = z.string().trim().min(1, 'must not be empty').max(CATALOG_LIMITS.attributeValueLength, `must be at most ${CATALOG_LIMITS.attributeValueLength} characters`).describe('display value of the dimension, e.g. Red');
const FileId = z.string().min(1).max(40).describe('file id of an image uploaded with POST /v1/files');
const ColorId = z.string().min(1).max(40).describe('a color id from GET /v1/colors');

export const GroupCreateBody = z.strictObject({
  attributeName: AttributeName,
  attributeValue: AttributeValue,
  image: FileId.nullable().optional(),
  colorId: ColorId.nullable().optional(),
  skus: z.array(SkuCreateBody).min(1, 'must contain at least one SKU').max(CATALOG_LIMITS.skusPerRequest, `must contain at most ${CATALOG_LIMITS.skusPerRequest} SKUs`),
});

const SKU_ONLY = new Set(['price', 'discount', 'quantityInStock', 'sku', 'attributes']);
const GROUP_FIELDS = new Set(['attributeName', 'attributeValue', 'image', 'colorId']);

/** Group metadata only: price, stock and the other SKU fields are refused, naming the field and the SKU route. */
export const GroupPatchBody = z
  .looseObject({
    attributeName: AttributeName.optional(),
    attributeValue: AttributeValue.optional(),
    image: FileId.nullable().optional(),
    colorId: ColorId.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (SKU_ONLY.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'cannot be changed on a variant group: it belongs to a SKU; use PATCH /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}',
        });
      } else if (key === 'skus') {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is only accepted when adding a group; add SKUs with POST /v2/products/{productId}/variant-groups/{groupId}/skus' });
      } else if (!GROUP_FIELDS.has(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is not a field of a variant group' });
      }
    }
  })
  .transform(({ attributeName, attributeValue, image, colorId }) => ({ attributeName, attributeValue, image, colorId }));

const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters and digits separated by single hyphens').max(200);
const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const Id = z.string().min(1).max(64);

export const ProductCreateBody = z.strictObject({
  type: z.enum(PRODUCT_TYPES, { error: 'must be SIMPLE or VARIABLE' }),
  name: Name,
  slug: Slug.optional().describe('unique within the store; generated from the name when absent'),
  description: z.string().max(20_000).nullable().optional(),
  status: z.enum(PRODUCT_STATUSES).optional().describe('default draft'),
  categoryIds: z.array(Id).optional(),
  imageFileIds: z.array(Id).optional(),
  specifications: z.record(Id, z.string().trim().min(1).max(CATALOG_LIMITS.specificationValueLength)).optional().describe('specification id (GET /v1/specifications) → value'),
  price: Price.optional().describe('SIMPLE products only (required for them)'),
  discount: Discount.optional().describe('SIMPLE products only'),
  quantityInStock: Quantity.optional().describe('SIMPLE products only (required for them)'),
  sku: SkuCode.nullable().optional().describe('SIMPLE products only'),
  taxClass: TaxClass.optional().describe('standard (default), reduced, zero or your own'),
});

export const ProductPatchBody = ProductCreateBody.omit({ type: true }).partial();

/** The filters and order of the product list (its page, limit and cursor, is the wire's: src/wire/catalog.ts). */
export const ProductListFilters = {
  status: z.enum(PRODUCT_STATUSES).optional(),
  type: z.enum(PRODUCT_TYPES, { error: 'must be SIMPLE or VARIABLE' }).optional().describe('only products of this type'),
  categoryId: Id.optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('text to find in the name or a SKU code'),
  sort: z.enum(PRODUCT_SORTS).default('-createdAt'),
};

export const CategoryCreateBody = z.strictObject({
  name: Name,
  slug: Slug.optional(),
  parentId: Id.nullable().optional(),
  position: z.number().int('must be a whole number').min(0).max(1_000_000).optional(),
});

export const CategoryPatchBody = CategoryCreateBody.partial();

export const AdjustmentBody = z
  .strictObject({
    skuId: Id,
    delta: z.number().int('must be a whole number').min(-CATALOG_LIMITS.maxQuantity).max(CATALOG_LIMITS.maxQuantity).refine((d) => d !== 0, 'must not be 0').optional().describe('add (positive) or remove (negative) units'),
    set: Quantity.optional().describe('set the stock to exactly this'),
    reason: z.string().trim().min(1, 'must not be empty').max(200),
  })
  .superRefine((v, ctx) => {
    if ((v.delta === undefined) === (v.set === undefined)) ctx.addIssue({ code: 'custom', path: ['delta'], message: 'send exactly one of delta or set' });
  });
