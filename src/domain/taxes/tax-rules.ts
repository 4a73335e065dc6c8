import type { TaxLine, TaxLineRegion, TaxRegion } from './types.ts';

/**
 * The tax arithmetic, pure and exact (docs/taxes.md, "Rounding"). Amounts are integer minor units and rates basis
 * points; every product and quotient is done on BigInt so no amount is ever a float, whatever its size.
 */

const TEN_THOUSAND = 10_000n;

/** n / d rounded half up (away from zero at exactly .5) for n ≥ 0, d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/**
 * The tax a net amount (prices excluding tax) carries: round_half_up(net × rate / 10000).
 * `taxOnNet(1000, 2000)` = 200.
 */
export function taxOnNet(netMinor: number, rateBp: number): number {
  if (netMinor <= 0 || rateBp <= 0) return 0;
  return Number(divideHalfUp(BigInt(netMinor) * BigInt(rateBp), TEN_THOUSAND));
}

/**
 * The tax a gross amount (prices including tax) already holds: round_half_up(gross × r / (1 + r)) with r = rate /
 * 10000, computed as gross × rate / (10000 + rate). The net is gross − tax, so net + tax = gross exactly.
 * `taxInGross(1200, 2000)` = 200.
 */
export function taxInGross(grossMinor: number, rateBp: number): number {
  if (grossMinor <= 0 || rateBp <= 0) return 0;
  return Number(divideHalfUp(BigInt(grossMinor) * BigInt(rateBp), TEN_THOUSAND + BigInt(rateBp)));
}

/**
 * Spreads `totalMinor` over parts in proportion to their weights, by largest remainder: each part gets the floor of
 * its exact share, and the minor units left go one each to the parts with the largest remainders (the earlier part
 * first on a tie). The parts sum to `totalMinor` exactly, and none exceeds its weight when total ≤ Σ weights.
 */
export function allocateProportionally(totalMinor: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + BigInt(Math.max(0, w)), 0n);
  if (totalMinor <= 0 || sum === 0n) return weights.map(() => 0);
  const total = BigInt(totalMinor);
  const parts = weights.map((w) => {
    const exact = total * BigInt(Math.max(0, w));
    return { floor: exact / sum, remainder: exact % sum };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0n);
  const order = parts.map((p, i) => ({ i, remainder: p.remainder })).sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  const out = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left === 0n) break;
    out[i]! += 1n;
    left -= 1n;
  }
  return out.map(Number);
}

/**
 * The region whose rates apply to an address: a region of its state before a region of its whole country (as
 * delivery zones choose); null when the store has neither (no tax is charged).
 */
export function servingTaxRegion<R extends Pick<TaxRegion, 'countryId' | 'stateId'>>(regions: readonly R[], address: { countryId: string; stateId?: string | null | undefined }): R | null {
  const stateId = address.stateId ?? null;
  let countryWide: R | null = null;
  for (const region of regions) {
    if (region.countryId !== address.countryId) continue;
    if (region.stateId === null) countryWide ??= region;
    else if (stateId !== null && region.stateId === stateId) return region;
  }
  return countryWide;
}

/**
 * The rate of a tax class in a region: its own rate when the region gives one; otherwise 0 for `zero` and the
 * region's `standard` rate for any other class (a class the region does not list is taxed at the standard rate,
 * never silently at 0).
 */
export function rateOf(rates: Readonly<Record<string, number>>, taxClass: string): number {
  const own = rates[taxClass];
  if (own !== undefined) return own;
  if (taxClass === 'zero') return 0;
  return rates.standard ?? 0;
}

/** An order as tax sees it: what the tax calculation port takes. */
export interface TaxableOrder {
  /** the address tax follows (the shipping address, else the billing address); null: none, so no region applies */
  address: { countryId: string; stateId?: string | null | undefined } | null;
  /** true: prices and the delivery fee include tax (VAT style); false: tax is added on top (US sales-tax style) */
  pricesIncludeTax: boolean;
  /** the order lines, each after its SKU discount, before the order discount */
  lines: ReadonlyArray<{ orderLineId: string; amountMinor: number; taxClass: string }>;
  /** the order's discount (promotion), spread over the lines in proportion before tax */
  discountMinor: number;
  /** the delivery fee and its tax class; null or 0: no delivery line */
  shipping: { amountMinor: number; taxClass: string } | null;
}

export interface TaxResult {
  lines: TaxLine[];
  taxTotalMinor: number;
}

/**
 * The built-in table calculation: the region serving the address, its rate per class, the discount spread over the
 * lines by `allocateProportionally`, and the tax of each line (and of the delivery fee) rounded half up on that line.
 * No region: no tax lines, tax 0.
 */
export function calculateTableTax(order: TaxableOrder, regions: readonly TaxRegion[]): TaxResult {
  const region = order.address === null ? null : servingTaxRegion(regions, order.address);
  if (region === null) return { lines: [], taxTotalMinor: 0 };
  const where: TaxLineRegion = { id: region.id, name: region.name, countryId: region.countryId, stateId: region.stateId };
  const tax = order.pricesIncludeTax ? taxInGross : taxOnNet;
  const shares = allocateProportionally(
    order.discountMinor,
    order.lines.map((l) => l.amountMinor),
  );
  const lines: TaxLine[] = order.lines.map((l, i) => {
    const rateBp = rateOf(region.rates, l.taxClass);
    const taxableMinor = Math.max(0, l.amountMinor - shares[i]!);
    return { kind: 'line', orderLineId: l.orderLineId, taxClass: l.taxClass, rateBp, region: where, taxableMinor, amountMinor: tax(taxableMinor, rateBp) };
  });
  if (order.shipping !== null && order.shipping.amountMinor > 0) {
    const rateBp = rateOf(region.rates, order.shipping.taxClass);
    lines.push({ kind: 'shipping', orderLineId: null, taxClass: order.shipping.taxClass, rateBp, region: where, taxableMinor: order.shipping.amountMinor, amountMinor: tax(order.shipping.amountMinor, rateBp) });
  }
  return { lines, taxTotalMinor: lines.reduce((s, l) => s + l.amountMinor, 0) };
}

/**
 * The order total from its parts: prices excluding tax add the tax (subtotal − discount + shipping + tax); prices
 * including tax already hold it (subtotal − discount + shipping).
 */
export function orderTotal(parts: { subtotalMinor: number; discountMinor: number; deliveryFeeMinor: number; taxTotalMinor: number; pricesIncludeTax: boolean }): number {
  const gross = parts.subtotalMinor - parts.discountMinor + parts.deliveryFeeMinor;
  return parts.pricesIncludeTax ? gross : gross + parts.taxTotalMinor;
}

/**
 * The tax returned by refunds totalling `refundedMinor` of an order: the refunded fraction of its tax,
 * round_half_up(taxTotal × refunded / total), never more than the tax charged. Each refund carries the difference
 * this makes (`refundTaxShare`), so the shares of all refunds sum to at most the tax, and a full refund returns all of it.
 */
export function taxRefunded(order: { taxTotalMinor: number; totalMinor: number }, refundedMinor: number): number {
  if (order.taxTotalMinor <= 0 || order.totalMinor <= 0 || refundedMinor <= 0) return 0;
  const refunded = Math.min(refundedMinor, order.totalMinor);
  return Math.min(order.taxTotalMinor, Number(divideHalfUp(BigInt(order.taxTotalMinor) * BigInt(refunded), BigInt(order.totalMinor))));
}

/**
 * The tax held by the money an order kept: the share of its tax in what was paid, less the share the refunds returned
 * (the sales summary's tax, docs/taxes.md). 0 for an order with no tax.
 */
export function taxKept(order: { taxTotalMinor: number; totalMinor: number }, paidMinor: number, refundedMinor: number): number {
  return taxRefunded(order, paidMinor) - taxRefunded(order, refundedMinor);
}

/** The tax one refund of `amountMinor` carries, after refunds of `refundedBeforeMinor`. */
export function refundTaxShare(order: { taxTotalMinor: number; totalMinor: number }, refundedBeforeMinor: number, amountMinor: number): number {
  return taxRefunded(order, refundedBeforeMinor + amountMinor) - taxRefunded(order, refundedBeforeMinor);
}
