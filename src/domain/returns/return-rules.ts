import { allocateProportionally } from '../taxes/tax-rules.ts';

/**
 * The money of a return, pure and exact (docs/fulfilment.md, "The money of a return"; decision 0034). Amounts are
 * integer minor units. Every share is a slice of a cumulative split by largest remainder, so the returns of an order,
 * however many and in whatever order, refund exactly what the order charged for its lines (and delivery once), never a
 * minor unit more.
 */

/** An order as a return's money sees it: what it was placed with (docs/taxes.md). */
export interface ReturnableOrder {
  /** true: the line amounts and the delivery fee hold their tax; false: tax was added on top */
  pricesIncludeTax: boolean;
  /** the order discount (promotion), spread over the lines by largest remainder as the tax calculation spread it */
  discountMinor: number;
  deliveryFeeMinor: number;
  lines: ReadonlyArray<{ id: string; quantity: number; lineTotalMinor: number }>;
  /** the order's tax lines: one per order line (kind `line`), one for the delivery fee (kind `shipping`) */
  taxLines: ReadonlyArray<{ kind: 'line' | 'shipping'; orderLineId: string | null; amountMinor: number }>;
}

export interface ReturnMoneyInput {
  order: ReturnableOrder;
  /** the units of each order line refunded by earlier returns (absent: none) */
  refundedUnits: ReadonlyMap<string, number>;
  /** true when an earlier return already refunded the delivery fee */
  deliveryRefunded: boolean;
  /** the lines of this return; each quantity ≥ 1 and at most the line's units not refunded yet (the caller checks) */
  lines: ReadonlyArray<{ lineId: string; quantity: number }>;
  /** the merchant's choice to refund the delivery fee with this return (it is refunded anyway with the last units) */
  refundDelivery: boolean;
  /** what is left to refund on the order (paid − refunded − pending refunds): the refund never exceeds it */
  refundableMinor: number;
}

export interface ReturnLineMoney {
  lineId: string;
  quantity: number;
  /** the units' share of the line amount (after the SKU discount) */
  amountMinor: number;
  /** the units' share of the line's share of the order discount */
  discountMinor: number;
  /** the units' share of the line's tax (inside `amount − discount` when prices include tax, on top when they exclude it) */
  taxMinor: number;
  /** what the units refund: amount − discount, plus tax when prices exclude it */
  refundMinor: number;
}

export interface ReturnMoney {
  lines: ReturnLineMoney[];
  /** the delivery fee refunded with this return (0 when it is not) */
  deliveryMinor: number;
  /** the delivery fee's tax refunded with it */
  deliveryTaxMinor: number;
  /** the tax the refund carries: the lines' and the delivery's */
  taxMinor: number;
  /** what the lines and delivery add up to */
  computedMinor: number;
  /** the refund: `computedMinor`, but never more than `refundableMinor` */
  amountMinor: number;
}

/**
 * The share of `totalMinor` held by the first `units` of `quantity` units, split by largest remainder over the units:
 * each unit holds floor(total / quantity), and the total's remaining minor units go one each to the earliest units
 * (equal remainders: the earlier first). So cumulativeShare(t, q, q) = t, it never decreases, and a slice between two
 * counts is never negative.
 */
export function cumulativeShare(totalMinor: number, quantity: number, units: number): number {
  if (quantity <= 0 || units <= 0 || totalMinor <= 0) return 0;
  const n = Math.min(units, quantity);
  const total = BigInt(totalMinor);
  const q = BigInt(quantity);
  return Number(BigInt(n) * (total / q) + BigInt(Math.min(n, Number(total % q))));
}

/** The share of `totalMinor` held by `units` units after the first `before` (a slice of `cumulativeShare`). */
export function unitsShare(totalMinor: number, quantity: number, before: number, units: number): number {
  return cumulativeShare(totalMinor, quantity, before + units) - cumulativeShare(totalMinor, quantity, before);
}

/** True when, with `returning` refunded now, every unit of every line of the order has been refunded. */
export function returnsEverything(order: Pick<ReturnableOrder, 'lines'>, refundedUnits: ReadonlyMap<string, number>, returning: ReadonlyArray<{ lineId: string; quantity: number }>): boolean {
  return order.lines.every((line) => (refundedUnits.get(line.id) ?? 0) + returning.filter((r) => r.lineId === line.id).reduce((s, r) => s + r.quantity, 0) >= line.quantity);
}

/**
 * The refund of returned units (docs/fulfilment.md, "The money of a return"):
 * - each line's amount, its share of the order discount (the same largest-remainder spread the tax used) and its tax
 *   are each split over the line's units by largest remainder; units refunded by earlier returns hold the first slices,
 *   this return the next ones;
 * - a line's units refund amount − discount (what the customer paid for them), plus their tax when prices exclude it
 *   (with prices including tax, the tax is inside the amount);
 * - the delivery fee (with its tax when prices exclude it) is refunded once: with the return that refunds the order's
 *   last units, or earlier when the merchant asks (`refundDelivery`);
 * - the refund is never more than what is left to refund on the order.
 */
export function returnRefund(input: ReturnMoneyInput): ReturnMoney {
  const { order } = input;
  const discountShares = allocateProportionally(
    order.discountMinor,
    order.lines.map((l) => l.lineTotalMinor),
  );
  const taxOf = (lineId: string | null, kind: 'line' | 'shipping') => order.taxLines.filter((t) => t.kind === kind && t.orderLineId === lineId).reduce((s, t) => s + t.amountMinor, 0);
  const before = new Map(input.refundedUnits);
  const lines: ReturnLineMoney[] = input.lines.map(({ lineId, quantity }) => {
    const index = order.lines.findIndex((l) => l.id === lineId);
    const line = order.lines[index];
    if (!line) throw new Error(`returnRefund: no line ${lineId} on the order`);
    const done = before.get(lineId) ?? 0;
    before.set(lineId, done + quantity);
    const amountMinor = unitsShare(line.lineTotalMinor, line.quantity, done, quantity);
    const discountMinor = unitsShare(discountShares[index]!, line.quantity, done, quantity);
    const taxMinor = unitsShare(taxOf(lineId, 'line'), line.quantity, done, quantity);
    const refundMinor = amountMinor - discountMinor + (order.pricesIncludeTax ? 0 : taxMinor);
    return { lineId, quantity, amountMinor, discountMinor, taxMinor, refundMinor };
  });
  const withDelivery = !input.deliveryRefunded && order.deliveryFeeMinor > 0 && (input.refundDelivery || returnsEverything(order, input.refundedUnits, input.lines));
  const deliveryMinor = withDelivery ? order.deliveryFeeMinor : 0;
  const deliveryTaxMinor = withDelivery ? taxOf(null, 'shipping') : 0;
  const computedMinor = lines.reduce((s, l) => s + l.refundMinor, 0) + deliveryMinor + (order.pricesIncludeTax ? 0 : deliveryTaxMinor);
  return {
    lines,
    deliveryMinor,
    deliveryTaxMinor,
    taxMinor: lines.reduce((s, l) => s + l.taxMinor, 0) + deliveryTaxMinor,
    computedMinor,
    amountMinor: Math.max(0, Math.min(computedMinor, input.refundableMinor)),
  };
}
