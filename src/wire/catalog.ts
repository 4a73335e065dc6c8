import { z } from 'zod';
import { ProductListFilters } from '../domain/catalog/catalog-schemas.ts';
import { type Category, type CategoryBreakdown, type InventoryAdjustment, type InventoryTotals, type LowStockRow, PRODUCT_STATUSES, PRODUCT_TYPES, type ProductTree, type ProductView, type Sku, type StockLevelView, type VariantGroup } from '../domain/catalog/types.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE, pageFields } from './page.ts';

/** GET /v1/products and /v2/products: a page of the filtered, ordered list. */
export const ProductListQuery = z.object({ ...pageFields(PAGE, 'query'), ...ProductListFilters });

export const SkuRecord = z
  .object({
    id: z.string(),
    price: z.number().describe('in the store currency'),
    discount: z.number().describe('percentage 0-100'),
    quantityInStock: z.number().int(),
    sku: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    taxClass: z.string().nullable().describe("its own tax class, overriding the product's; null: the product's"),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Sku' });

export const VariantGroupRecord = z
  .object({
    id: z.string(),
    attributeName: z.string(),
    attributeValue: z.string(),
    image: z.string().nullable().describe('file id of the hero image'),
    colorId: z.string().nullable(),
    skus: z.array(SkuRecord),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'VariantGroup' });

const productFields = {
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  categoryIds: z.array(z.string()),
  imageFileIds: z.array(z.string()),
  specifications: z.record(z.string(), z.string()).describe('specification id → value'),
  taxClass: z.string().describe('the tax class of its SKUs unless a SKU has its own'),
  currency: z.string().describe('ISO 4217 code of the prices'),
  skuId: z.string().nullable().describe('SIMPLE products: the id of their single SKU (for inventory and orders)'),
  price: z.number().nullable().describe('SIMPLE products; null for VARIABLE'),
  discount: z.number().nullable(),
  quantityInStock: z.number().int().nullable(),
  sku: z.string().nullable(),
  skuCount: z.number().int(),
  totalStock: z.number().int(),
  priceRange: z.object({ min: z.number(), max: z.number() }).nullable().describe('lowest and highest SKU price; null without SKUs'),
  createdAt: WireTimestamp,
  updatedAt: WireTimestamp,
};

export const ProductRecord = z.object(productFields).meta({ id: 'Product' });
export const ProductTreeRecord = z.object({ ...productFields, variantGroups: z.array(VariantGroupRecord) }).meta({ id: 'ProductWithVariants' });

export const CategoryRecord = z
  .object({ id: z.string(), parentId: z.string().nullable(), name: z.string(), slug: z.string(), position: z.number().int(), createdAt: WireTimestamp, updatedAt: WireTimestamp })
  .meta({ id: 'Category' });

export const AdjustmentRecord = z
  .object({
    id: z.string(),
    skuId: z.string(),
    delta: z.number().int(),
    quantityAfter: z.number().int(),
    reason: z.string(),
    actor: z.object({ type: z.string(), id: z.string(), label: z.string() }),
    createdAt: WireTimestamp,
    locationId: z.string().nullable().describe('where it happened; null: before locations, or a change of the SKU as a whole'),
    note: z.string().nullable(),
  })
  .meta({ id: 'InventoryAdjustment' });

const Totals = z.object({
  skuCount: z.number().int(),
  unitsInStock: z.number().int(),
  valueInStock: z.number().describe('units × price, in the store currency'),
  inStock: z.number().int().describe('SKUs above the low-stock threshold'),
  lowStock: z.number().int().describe('SKUs with 1..threshold units'),
  outOfStock: z.number().int(),
});

export const InventoryDashboard = z
  .object({
    currency: z.string(),
    lowStockThreshold: z.number().int(),
    totals: Totals,
    categories: z.array(Totals.extend({ categoryId: z.string().nullable().describe('null: products in no category'), categoryName: z.string().nullable() })),
  })
  .meta({ id: 'InventoryDashboard' });

export const LowStockRecord = z
  .object({
    skuId: z.string(),
    sku: z.string().nullable(),
    quantityInStock: z.number().int(),
    productId: z.string(),
    productName: z.string(),
    groupId: z.string().nullable(),
    groupName: z.string().nullable().describe('"Dimension: value" of the variant group'),
    attributes: z.record(z.string(), z.string()),
  })
  .meta({ id: 'LowStockSku' });

export const STOCK_STATES = ['in', 'low', 'out'] as const;

export const StockLevelRecord = LowStockRecord.extend({
  stock: z.enum(STOCK_STATES).describe('in: above the low-stock threshold; low: 1..threshold units; out: 0'),
  onHand: z.number().int().describe('units at its locations'),
  held: z.number().int().describe('held by unpaid storefront checkouts'),
  allocated: z.number().int().describe('allocated to other orders, not shipped'),
  available: z.number().int().describe('onHand - held - allocated (quantityInStock)'),
}).meta({ id: 'StockLevel' });

export function toSkuRecord(s: Sku, c: Currency): z.input<typeof SkuRecord> {
  return {
    id: s.id,
    price: fromMinor(s.priceMinor, c),
    discount: s.discountBp / 100,
    quantityInStock: s.quantityInStock,
    sku: s.sku,
    attributes: s.attributes,
    taxClass: s.taxClass,
    createdAt: wireTimestamp(s.createdAt),
    updatedAt: wireTimestamp(s.updatedAt),
  };
}

export function toGroupRecord(g: VariantGroup, c: Currency): z.input<typeof VariantGroupRecord> {
  return {
    id: g.id,
    attributeName: g.attributeName,
    attributeValue: g.attributeValue,
    image: g.imageFileId,
    colorId: g.colorId,
    skus: g.skus.map((s) => toSkuRecord(s, c)),
    createdAt: wireTimestamp(g.createdAt),
    updatedAt: wireTimestamp(g.updatedAt),
  };
}

export function toProductRecord(p: ProductView, c: Currency): z.input<typeof ProductRecord> {
  const s = p.simpleSku;
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    slug: p.slug,
    description: p.description,
    status: p.status,
    categoryIds: p.categoryIds,
    imageFileIds: p.imageFileIds,
    specifications: p.specifications,
    taxClass: p.taxClass,
    currency: c.code,
    skuId: s?.id ?? null,
    price: s ? fromMinor(s.priceMinor, c) : null,
    discount: s ? s.discountBp / 100 : null,
    quantityInStock: s ? s.quantityInStock : null,
    sku: s?.sku ?? null,
    skuCount: p.summary.skuCount,
    totalStock: p.summary.totalStock,
    priceRange:
      p.summary.minPriceMinor === null || p.summary.maxPriceMinor === null
        ? null
        : { min: fromMinor(p.summary.minPriceMinor, c), max: fromMinor(p.summary.maxPriceMinor, c) },
    createdAt: wireTimestamp(p.createdAt),
    updatedAt: wireTimestamp(p.updatedAt),
  };
}

export function toProductTreeRecord(p: ProductTree, c: Currency): z.input<typeof ProductTreeRecord> {
  return { ...toProductRecord(p, c), variantGroups: p.variantGroups.map((g) => toGroupRecord(g, c)) };
}

export function toCategoryRecord(c: Category): z.input<typeof CategoryRecord> {
  return { id: c.id, parentId: c.parentId, name: c.name, slug: c.slug, position: c.position, createdAt: wireTimestamp(c.createdAt), updatedAt: wireTimestamp(c.updatedAt) };
}

export function toAdjustmentRecord(a: InventoryAdjustment): z.input<typeof AdjustmentRecord> {
  return { id: a.id, skuId: a.skuId, delta: a.delta, quantityAfter: a.quantityAfter, reason: a.reason, actor: { type: a.actorType, id: a.actorId, label: a.actorLabel }, createdAt: wireTimestamp(a.createdAt), locationId: a.locationId ?? null, note: a.note ?? null };
}

function toTotals(t: InventoryTotals, c: Currency) {
  return { skuCount: t.skuCount, unitsInStock: t.unitsInStock, valueInStock: fromMinor(t.valueInStockMinor, c), inStock: t.inStock, lowStock: t.lowStock, outOfStock: t.outOfStock };
}

export function toInventoryDashboard(d: { threshold: number; currency: Currency; totals: InventoryTotals; categories: CategoryBreakdown[] }): z.input<typeof InventoryDashboard> {
  return {
    currency: d.currency.code,
    lowStockThreshold: d.threshold,
    totals: toTotals(d.totals, d.currency),
    categories: d.categories.map((row) => ({ ...toTotals(row, d.currency), categoryId: row.categoryId, categoryName: row.categoryName })),
  };
}

export function toLowStockRecord(r: LowStockRow): z.input<typeof LowStockRecord> {
  return { ...r };
}

export function toStockLevelRecord(r: StockLevelView): z.input<typeof StockLevelRecord> {
  return {
    skuId: r.skuId,
    sku: r.sku,
    quantityInStock: r.quantityInStock,
    productId: r.productId,
    productName: r.productName,
    groupId: r.groupId,
    groupName: r.groupName,
    attributes: r.attributes,
    stock: r.stock,
    onHand: r.onHand,
    held: r.held,
    allocated: r.allocated,
    available: r.quantityInStock,
  };
}

// The GET representations, for ETags and If-Match on writes.
export const ProductRep: Representation<ProductView, Currency> = { schema: envelope(ProductRecord), message: 'Product retrieved', toWire: toProductRecord };
export const GroupRep: Representation<VariantGroup, Currency> = { schema: envelope(VariantGroupRecord), message: 'Variant group retrieved', toWire: toGroupRecord };
export const SkuRep: Representation<Sku, Currency> = { schema: envelope(SkuRecord), message: 'SKU retrieved', toWire: toSkuRecord };
export const CategoryRep: Representation<Category> = { schema: envelope(CategoryRecord), message: 'Category retrieved', toWire: toCategoryRecord };
export const InventorySettingsRecord = z.object({ lowStockThreshold: z.number().int() });
export function toInventorySettingsRecord(lowStockThreshold: number): z.input<typeof InventorySettingsRecord> {
  return { lowStockThreshold };
}
export const InventorySettingsRep: Representation<number> = { schema: envelope(InventorySettingsRecord), message: 'Inventory settings retrieved', toWire: toInventorySettingsRecord };

/** A patch as the services take it: only the fields sent (a field left out is no change, unlike one sent as null). */
export function sentFields<T extends object>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
