import { hash } from 'node:crypto';
import type { ErrorDetail } from '../../errors.ts';
import { type Currency, toBasisPoints, toMinor } from '../shared/money.ts';
import { CATALOG_LIMITS, type ProductStatus, type Sku, type SkuSummary } from './types.ts';

/**
 * Whether a shopper (a publishable key: docs/storefront.md) may see a product, and so its variant groups and SKUs:
 * only an active one. A draft or archived product answers a shopper as if it did not exist (404).
 */
export function visibleToShopper(status: ProductStatus): boolean {
  return status === 'active';
}

/** The input of a SKU as both doors (REST, MCP) pass it after shape validation. */
export interface SkuInput {
  price?: number | undefined;
  discount?: number | undefined;
  quantityInStock?: number | undefined;
  sku?: string | null | undefined;
  attributes?: Record<string, string> | undefined;
  /** its own tax class; null: the product's (docs/taxes.md) */
  taxClass?: string | null | undefined;
}

/**
 * Money rules that depend on the store currency: price above 1 with at most the currency's minor-unit digits, discount
 * 0-100 with at most two decimals. Returns the problems found, each naming `path`.
 */
export function checkMoney(input: SkuInput, currency: Currency, path: string): { details: ErrorDetail[]; priceMinor?: number; discountBp?: number } {
  const details: ErrorDetail[] = [];
  const out: { details: ErrorDetail[]; priceMinor?: number; discountBp?: number } = { details };
  if (input.price !== undefined) {
    const minor = toMinor(input.price, currency);
    if (!(input.price > 1)) details.push({ path: `${path}price`, rule: 'must be greater than 1' });
    else if (input.price > CATALOG_LIMITS.maxPrice) details.push({ path: `${path}price`, rule: `must be at most ${CATALOG_LIMITS.maxPrice}` });
    else if (minor === null) {
      details.push({ path: `${path}price`, rule: `must have at most ${currency.digits} decimal places (${currency.code})` });
    } else out.priceMinor = minor;
  }
  if (input.discount !== undefined) {
    const bp = toBasisPoints(input.discount);
    if (input.discount < 0 || input.discount > 100) details.push({ path: `${path}discount`, rule: 'must be a percentage from 0 to 100' });
    else if (bp === null) details.push({ path: `${path}discount`, rule: 'must have at most 2 decimal places' });
    else out.discountBp = bp;
  }
  return out;
}

/** SKU attributes must not restate the group's own dimension with another value. */
export function checkAttributes(attributes: Record<string, string>, groupDimension: string | null, path: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (groupDimension === null) return details;
  for (const key of Object.keys(attributes)) {
    if (key.trim().toLowerCase() === groupDimension.trim().toLowerCase()) {
      details.push({ path: `${path}attributes.${key}`, rule: `repeats the group's dimension "${groupDimension}"; set it on the group instead` });
    }
  }
  return details;
}

/**
 * The identity of a SKU's attribute combination within its product: the group's dimension and value plus the SKU's
 * own attributes, compared without regard to case or surrounding spaces. Two SKUs of one product may not share it.
 */
export function combinationKey(group: { attributeName: string; attributeValue: string } | null, attributes: Record<string, string>): string {
  const entries = Object.entries(attributes).map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase()] as const);
  if (group) entries.push([group.attributeName.trim().toLowerCase(), group.attributeValue.trim().toLowerCase()]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return hash('sha256', JSON.stringify(entries), 'hex');
}

/** Totals over a product's SKUs (its single SKU or those of its groups), as `CatalogRepo.skuSummaries` counts them. */
export function summarize(tree: { simpleSku: Sku | null; variantGroups: ReadonlyArray<{ skus: ReadonlyArray<Sku> }> }): SkuSummary {
  let skuCount = 0;
  let totalStock = 0;
  let minPriceMinor: number | null = null;
  let maxPriceMinor: number | null = null;
  const add = (s: Sku) => {
    skuCount += 1;
    totalStock += s.quantityInStock;
    if (minPriceMinor === null || s.priceMinor < minPriceMinor) minPriceMinor = s.priceMinor;
    if (maxPriceMinor === null || s.priceMinor > maxPriceMinor) maxPriceMinor = s.priceMinor;
  };
  if (tree.simpleSku) add(tree.simpleSku);
  for (const g of tree.variantGroups) for (const s of g.skus) add(s);
  return { skuCount, totalStock, minPriceMinor, maxPriceMinor };
}
