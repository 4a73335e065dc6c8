import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cumulativeShare, type ReturnableOrder, returnRefund, returnsEverything, unitsShare } from '../src/domain/returns/return-rules.ts';
import { calculateTableTax, orderTotal } from '../src/domain/taxes/tax-rules.ts';
import type { TaxRegion } from '../src/domain/taxes/types.ts';

const at = new Date('2026-11-29T00:00:00Z');
const region = (rates: Record<string, number>): TaxRegion => ({ id: 'r', name: 'r', countryId: 'GB', stateId: null, rates, createdAt: at, updatedAt: at });
const none = new Map<string, number>();

/** Mulberry32, as in tax-rules.test.ts: every run checks the same random orders and a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Texas order of docs/taxes.md: 2 shirts 39.98, socks 5.00, 10 % off (4.50 spread 4.00 / 0.50), delivery 7.00, 6.25 % on top: total 50.45. */
const texas: ReturnableOrder = {
  pricesIncludeTax: false,
  discountMinor: 450,
  deliveryFeeMinor: 700,
  lines: [
    { id: 'shirts', quantity: 2, lineTotalMinor: 3998 },
    { id: 'socks', quantity: 1, lineTotalMinor: 500 },
  ],
  taxLines: [
    { kind: 'line', orderLineId: 'shirts', amountMinor: 225 },
    { kind: 'line', orderLineId: 'socks', amountMinor: 28 },
    { kind: 'shipping', orderLineId: null, amountMinor: 44 },
  ],
};

/** UK VAT 20 % with prices including tax: 3 × 4.99 = 14.97 holding 2.50, delivery 3.99 holding 0.67 (66.5 → 67). */
const uk: ReturnableOrder = {
  pricesIncludeTax: true,
  discountMinor: 0,
  deliveryFeeMinor: 399,
  lines: [{ id: 'mugs', quantity: 3, lineTotalMinor: 1497 }],
  taxLines: [
    { kind: 'line', orderLineId: 'mugs', amountMinor: 250 },
    { kind: 'shipping', orderLineId: null, amountMinor: 67 },
  ],
};

describe('splitting a line over its units (largest remainder)', () => {
  it('gives each unit the floor and the leftover minor units to the earliest units', () => {
    assert.deepEqual([0, 1, 2, 3].map((u) => cumulativeShare(250, 3, u)), [0, 84, 167, 250], '250 / 3 = 83 r 1: 84, 83, 83');
    assert.deepEqual([0, 1, 2].map((u) => cumulativeShare(225, 2, u)), [0, 113, 225], '225 / 2 = 112 r 1: 113, 112');
    assert.equal(unitsShare(1000, 3, 1, 2), 666, 'the second and third units of 334, 333, 333');
    assert.equal(cumulativeShare(0, 3, 2), 0);
    assert.equal(cumulativeShare(5, 3, 9), 5, 'never more than the total');
  });

  it('stays exact beyond 2^53 / quantity (BigInt)', () => {
    assert.equal(cumulativeShare(9_007_199_254_740_991, 7, 7), 9_007_199_254_740_991);
    assert.equal(cumulativeShare(9_007_199_254_740_991, 7, 1), 1_286_742_750_677_285);
  });
});

describe('golden tables, worked by hand from the rules', () => {
  it('Texas, prices excluding tax: one shirt, the other shirt, then the socks with delivery refund 50.45 in all', () => {
    const first = returnRefund({ order: texas, refundedUnits: none, deliveryRefunded: false, lines: [{ lineId: 'shirts', quantity: 1 }], refundDelivery: false, refundableMinor: 5045 });
    // 19.99 − 2.00 (half of 4.00) + 1.13 (225 / 2 = 112 r 1: the first unit holds the extra cent)
    assert.deepEqual(first.lines, [{ lineId: 'shirts', quantity: 1, amountMinor: 1999, discountMinor: 200, taxMinor: 113, refundMinor: 1912 }]);
    assert.deepEqual([first.deliveryMinor, first.taxMinor, first.amountMinor], [0, 113, 1912]);
    const second = returnRefund({ order: texas, refundedUnits: new Map([['shirts', 1]]), deliveryRefunded: false, lines: [{ lineId: 'shirts', quantity: 1 }], refundDelivery: false, refundableMinor: 5045 - 1912 });
    assert.deepEqual([second.lines[0]!.taxMinor, second.amountMinor], [112, 1911]);
    const last = returnRefund({ order: texas, refundedUnits: new Map([['shirts', 2]]), deliveryRefunded: false, lines: [{ lineId: 'socks', quantity: 1 }], refundDelivery: false, refundableMinor: 5045 - 1912 - 1911 });
    // socks 5.00 − 0.50 + 0.28, and the delivery 7.00 + 0.44 with the order's last unit
    assert.deepEqual([last.lines[0]!.refundMinor, last.deliveryMinor, last.deliveryTaxMinor, last.taxMinor, last.amountMinor], [478, 700, 44, 72, 1222]);
    assert.equal(1912 + 1911 + 1222, 5045, 'exactly the total');
  });

  it('UK, prices including tax: the refund is the gross paid, its tax a share inside it; delivery when asked, once', () => {
    const one = returnRefund({ order: uk, refundedUnits: none, deliveryRefunded: false, lines: [{ lineId: 'mugs', quantity: 1 }], refundDelivery: true, refundableMinor: 1896 });
    assert.deepEqual([one.lines[0]!.refundMinor, one.lines[0]!.taxMinor, one.deliveryMinor, one.deliveryTaxMinor, one.taxMinor, one.amountMinor], [499, 84, 399, 67, 151, 898]);
    const rest = returnRefund({ order: uk, refundedUnits: new Map([['mugs', 1]]), deliveryRefunded: true, lines: [{ lineId: 'mugs', quantity: 2 }], refundDelivery: true, refundableMinor: 1896 - 898 });
    assert.deepEqual([rest.lines[0]!.refundMinor, rest.taxMinor, rest.deliveryMinor, rest.amountMinor], [998, 166, 0, 998], 'the delivery is not refunded twice');
    assert.equal(898 + 998, 1896, 'exactly the total');
  });

  it('keeps the delivery fee when part of the order comes back and the merchant does not ask', () => {
    const part = returnRefund({ order: uk, refundedUnits: none, deliveryRefunded: false, lines: [{ lineId: 'mugs', quantity: 2 }], refundDelivery: false, refundableMinor: 1896 });
    assert.deepEqual([part.deliveryMinor, part.amountMinor], [0, 998]);
  });

  it('never refunds more than is left to refund (a refund made by hand before)', () => {
    const all = returnRefund({ order: texas, refundedUnits: none, deliveryRefunded: false, lines: [{ lineId: 'shirts', quantity: 2 }, { lineId: 'socks', quantity: 1 }], refundDelivery: false, refundableMinor: 4045 });
    assert.deepEqual([all.computedMinor, all.amountMinor], [5045, 4045]);
  });

  it('an order without tax or discount refunds its line amounts', () => {
    const plain: ReturnableOrder = { pricesIncludeTax: false, discountMinor: 0, deliveryFeeMinor: 0, lines: [{ id: 'a', quantity: 4, lineTotalMinor: 1001 }], taxLines: [] };
    const r = returnRefund({ order: plain, refundedUnits: none, deliveryRefunded: false, lines: [{ lineId: 'a', quantity: 1 }], refundDelivery: false, refundableMinor: 1001 });
    assert.deepEqual([r.amountMinor, r.taxMinor], [251, 0], '1001 / 4 = 250 r 1: the first unit holds 2.51');
    assert.equal(returnsEverything(plain, new Map([['a', 3]]), [{ lineId: 'a', quantity: 1 }]), true);
    assert.equal(returnsEverything(plain, new Map([['a', 2]]), [{ lineId: 'a', quantity: 1 }]), false);
  });
});

describe('properties over random orders and returns (seeded)', () => {
  const classes = ['standard', 'reduced', 'zero'];

  function randomOrder(next: () => number): ReturnableOrder & { totalMinor: number; taxTotalMinor: number } {
    const int = (max: number) => Math.floor(next() * (max + 1));
    const lines = Array.from({ length: 1 + int(6) }, (_, i) => {
      const quantity = 1 + int(next() < 0.2 ? 40 : 5);
      return { id: `l${i}`, quantity, lineTotalMinor: quantity * (1 + int(next() < 0.1 ? 10_000_000 : 9_999)) - int(quantity) };
    });
    const subtotalMinor = lines.reduce((s, l) => s + l.lineTotalMinor, 0);
    const discountMinor = next() < 0.5 ? int(subtotalMinor) : 0;
    const deliveryFeeMinor = next() < 0.6 ? int(2000) : 0;
    const pricesIncludeTax = next() < 0.5;
    const tax = calculateTableTax(
      {
        address: { countryId: 'GB' },
        pricesIncludeTax,
        lines: lines.map((l) => ({ orderLineId: l.id, amountMinor: l.lineTotalMinor, taxClass: classes[int(2)]! })),
        discountMinor,
        shipping: deliveryFeeMinor > 0 ? { amountMinor: deliveryFeeMinor, taxClass: 'standard' } : null,
      },
      next() < 0.8 ? [region({ standard: 2000, reduced: 625, zero: 0 })] : [],
    );
    const totalMinor = orderTotal({ subtotalMinor, discountMinor, deliveryFeeMinor, taxTotalMinor: tax.taxTotalMinor, pricesIncludeTax });
    return { pricesIncludeTax, discountMinor, deliveryFeeMinor, lines, taxLines: tax.lines, totalMinor, taxTotalMinor: tax.taxTotalMinor };
  }

  /** Returns every unit of the order in random returns of random lines and quantities, after a refund of `before` by hand. */
  function returnAll(next: () => number, order: ReturnType<typeof randomOrder>, before: number) {
    const left = new Map(order.lines.map((l) => [l.id, l.quantity]));
    const refundedUnits = new Map<string, number>();
    let deliveryRefunded = false;
    let refunded = before;
    let tax = 0;
    const refunds: number[] = [];
    while ([...left.values()].some((n) => n > 0)) {
      const lines = order.lines
        .filter((l) => left.get(l.id)! > 0 && next() < 0.5)
        .map((l) => ({ lineId: l.id, quantity: 1 + Math.floor(next() * left.get(l.id)!) }));
      if (lines.length === 0) continue;
      const money = returnRefund({ order, refundedUnits, deliveryRefunded, lines, refundDelivery: next() < 0.2, refundableMinor: order.totalMinor - refunded });
      assert.ok(money.amountMinor >= 0 && money.amountMinor <= order.totalMinor - refunded, 'never more than is left');
      for (const l of money.lines) assert.ok(l.refundMinor >= 0 && l.taxMinor >= 0 && l.discountMinor <= l.amountMinor, 'no negative share');
      for (const l of lines) {
        left.set(l.lineId, left.get(l.lineId)! - l.quantity);
        refundedUnits.set(l.lineId, (refundedUnits.get(l.lineId) ?? 0) + l.quantity);
      }
      deliveryRefunded ||= money.deliveryMinor > 0;
      refunded += money.amountMinor;
      tax += money.taxMinor;
      refunds.push(money.amountMinor);
    }
    return { refunded, tax, refunds, deliveryRefunded };
  }

  it('returning everything in several returns refunds exactly the total, and all of its tax', () => {
    const next = prng(36);
    for (let run = 0; run < 2000; run += 1) {
      const order = randomOrder(next);
      const result = returnAll(next, order, 0);
      assert.equal(result.refunded, order.totalMinor, `run ${run}: the returns refund exactly the total`);
      assert.equal(result.tax, order.taxTotalMinor, `run ${run}: and exactly the tax charged`);
      assert.equal(result.deliveryRefunded, order.deliveryFeeMinor > 0, `run ${run}: the delivery once, when there is one`);
    }
  });

  it('after a refund by hand, the returns refund what is left and never a minor unit more', () => {
    const next = prng(3636);
    for (let run = 0; run < 1000; run += 1) {
      const order = randomOrder(next);
      const before = Math.floor(next() * order.totalMinor);
      const result = returnAll(next, order, before);
      assert.equal(result.refunded, order.totalMinor, `run ${run}: the payment is refunded in full, no more`);
    }
  });

  it('the same units cost the same whichever return takes them: a return of all at once equals the sum of its parts', () => {
    const next = prng(363);
    for (let run = 0; run < 1000; run += 1) {
      const order = randomOrder(next);
      const all = returnRefund({ order, refundedUnits: none, deliveryRefunded: false, lines: order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })), refundDelivery: false, refundableMinor: order.totalMinor });
      assert.equal(all.amountMinor, order.totalMinor, `run ${run}: one return of everything is the total`);
      const perLine = order.lines.map((l) => returnRefund({ order, refundedUnits: none, deliveryRefunded: true, lines: [{ lineId: l.id, quantity: l.quantity }], refundDelivery: false, refundableMinor: order.totalMinor }).amountMinor);
      assert.equal(perLine.reduce((s, x) => s + x, 0) + all.deliveryMinor + (order.pricesIncludeTax ? 0 : all.deliveryTaxMinor), all.amountMinor, `run ${run}`);
    }
  });
});
