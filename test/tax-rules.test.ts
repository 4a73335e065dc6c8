import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allocateProportionally, calculateTableTax, orderTotal, refundTaxShare, servingTaxRegion, type TaxableOrder, taxInGross, taxOnNet, taxRefunded } from '../src/domain/taxes/tax-rules.ts';
import type { TaxRegion } from '../src/domain/taxes/types.ts';

const at = new Date('2026-11-29T00:00:00Z');
const region = (id: string, countryId: string, stateId: string | null, rates: Record<string, number>): TaxRegion => ({ id, name: id, countryId, stateId, rates, createdAt: at, updatedAt: at });

/** Mulberry32: a small seeded PRNG, so every run checks the same random orders and a failure can be replayed. */
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

describe('tax arithmetic (docs/taxes.md, "Rounding")', () => {
  it('rounds each line half up: on the net amount when prices exclude tax, on the part the gross holds when they include it', () => {
    assert.equal(taxOnNet(1000, 2000), 200);
    assert.equal(taxOnNet(3598, 625), 225, '224.875 → 225');
    assert.equal(taxOnNet(450, 625), 28, '28.125 → 28');
    assert.equal(taxOnNet(700, 625), 44, '43.75 → 44');
    assert.equal(taxOnNet(2, 2500), 1, '0.5 → 1 (half up)');
    assert.equal(taxInGross(1200, 2000), 200, 'a 12.00 item at 20 % holds 2.00');
    assert.equal(taxInGross(1497, 2000), 250, '249.5 → 250 (half up)');
    assert.equal(taxInGross(490, 1900), 78, '78.24 → 78');
    assert.equal(taxInGross(0, 2000), 0);
    assert.equal(taxOnNet(1000, 0), 0);
  });

  it('stays exact on amounts beyond 2^53 / 10000 (BigInt arithmetic)', () => {
    assert.equal(taxOnNet(9_007_199_254_740, 10_000), 9_007_199_254_740);
    assert.equal(taxInGross(9_007_199_254_740, 10_000), 4_503_599_627_370);
  });

  it('spreads a discount over lines in proportion, by largest remainder, summing exactly', () => {
    assert.deepEqual(allocateProportionally(450, [3998, 500]), [400, 50]);
    assert.deepEqual(allocateProportionally(100, [1, 1, 1]), [34, 33, 33], 'a tie goes to the earlier line');
    assert.deepEqual(allocateProportionally(0, [10, 20]), [0, 0]);
    assert.deepEqual(allocateProportionally(5, [0, 0]), [0, 0]);
  });

  it('chooses the region of the state before the region of the whole country, and none elsewhere', () => {
    const regions = [region('us', 'US', null, { standard: 0 }), region('tx', 'US', 'US-TX', { standard: 625 })];
    assert.equal(servingTaxRegion(regions, { countryId: 'US', stateId: 'US-TX' })?.id, 'tx');
    assert.equal(servingTaxRegion(regions, { countryId: 'US', stateId: 'US-IL' })?.id, 'us');
    assert.equal(servingTaxRegion(regions, { countryId: 'US' })?.id, 'us');
    assert.equal(servingTaxRegion(regions, { countryId: 'CA', stateId: 'CA-ON' }), null);
    assert.equal(servingTaxRegion([region('tx', 'US', 'US-TX', { standard: 625 })], { countryId: 'US', stateId: 'US-IL' }), null);
  });
});

describe('golden tables, worked from the tax rules by hand', () => {
  it('UK VAT 20 %, prices including tax: a 12.00 item holds 2.00; 3 × 4.99 holds 2.50 (249.5 rounded half up)', () => {
    const result = calculateTableTax(
      {
        address: { countryId: 'GB' },
        pricesIncludeTax: true,
        lines: [
          { orderLineId: 'a', amountMinor: 1200, taxClass: 'standard' },
          { orderLineId: 'b', amountMinor: 1497, taxClass: 'standard' },
        ],
        discountMinor: 0,
        shipping: null,
      },
      [region('gb', 'GB', null, { standard: 2000, reduced: 500, zero: 0 })],
    );
    assert.deepEqual(result.lines.map((l) => [l.orderLineId, l.rateBp, l.taxableMinor, l.amountMinor]), [['a', 2000, 1200, 200], ['b', 2000, 1497, 250]]);
    assert.equal(result.taxTotalMinor, 450);
    const total = orderTotal({ subtotalMinor: 2697, discountMinor: 0, deliveryFeeMinor: 0, taxTotalMinor: 450, pricesIncludeTax: true });
    assert.deepEqual([total, total - result.taxTotalMinor], [2697, 2247], 'total 26.97 holds tax 4.50: net 22.47');
  });

  it('Germany 19 % and 7 % in one order, prices including tax, delivery at the standard rate', () => {
    const result = calculateTableTax(
      {
        address: { countryId: 'DE' },
        pricesIncludeTax: true,
        lines: [
          { orderLineId: 'camera', amountMinor: 11_900, taxClass: 'standard' },
          { orderLineId: 'books', amountMinor: 2140, taxClass: 'reduced' },
        ],
        discountMinor: 0,
        shipping: { amountMinor: 490, taxClass: 'standard' },
      },
      [region('de', 'DE', null, { standard: 1900, reduced: 700 })],
    );
    // 119.00 × 19/119 = 19.00; 21.40 × 7/107 = 1.40; 4.90 × 19/119 = 0.7823… → 0.78
    assert.deepEqual(result.lines.map((l) => [l.kind, l.taxClass, l.rateBp, l.amountMinor]), [['line', 'standard', 1900, 1900], ['line', 'reduced', 700, 140], ['shipping', 'standard', 1900, 78]]);
    assert.equal(result.taxTotalMinor, 2118);
    const total = orderTotal({ subtotalMinor: 14_040, discountMinor: 0, deliveryFeeMinor: 490, taxTotalMinor: 2118, pricesIncludeTax: true });
    assert.deepEqual([total, total - result.taxTotalMinor], [14_530, 12_412], 'total 145.30 holds tax 21.18: net 124.12');
  });

  it('a US state rate (Texas 6.25 %) on prices excluding tax, with delivery and a 10 % discount', () => {
    // subtotal 39.98 + 5.00 = 44.98; 10 % off = 4.498 → 4.50, spread 4.00 / 0.50 (largest remainder)
    const result = calculateTableTax(
      {
        address: { countryId: 'US', stateId: 'US-TX' },
        pricesIncludeTax: false,
        lines: [
          { orderLineId: 'shirts', amountMinor: 3998, taxClass: 'standard' },
          { orderLineId: 'socks', amountMinor: 500, taxClass: 'standard' },
        ],
        discountMinor: 450,
        shipping: { amountMinor: 700, taxClass: 'standard' },
      },
      [region('us', 'US', null, { standard: 0 }), region('tx', 'US', 'US-TX', { standard: 625 })],
    );
    // 35.98 × 6.25 % = 2.24875 → 2.25; 4.50 × 6.25 % = 0.28125 → 0.28; 7.00 × 6.25 % = 0.4375 → 0.44
    assert.deepEqual(result.lines.map((l) => [l.region.id, l.taxableMinor, l.amountMinor]), [['tx', 3598, 225], ['tx', 450, 28], ['tx', 700, 44]]);
    assert.equal(result.taxTotalMinor, 297);
    assert.equal(orderTotal({ subtotalMinor: 4498, discountMinor: 450, deliveryFeeMinor: 700, taxTotalMinor: 297, pricesIncludeTax: false }), 5045, '44.98 − 4.50 + 7.00 + 2.97 = 50.45');
  });

  it('taxes a class the region does not list at its standard rate, and zero at 0', () => {
    const result = calculateTableTax(
      {
        address: { countryId: 'GB' },
        pricesIncludeTax: false,
        lines: [
          { orderLineId: 'a', amountMinor: 1000, taxClass: 'children' },
          { orderLineId: 'b', amountMinor: 1000, taxClass: 'zero' },
        ],
        discountMinor: 0,
        shipping: null,
      },
      [region('gb', 'GB', null, { standard: 2000 })],
    );
    assert.deepEqual(result.lines.map((l) => [l.taxClass, l.rateBp, l.amountMinor]), [['children', 2000, 200], ['zero', 0, 0]]);
  });

  it('charges nothing where no region applies, or without an address', () => {
    const order: TaxableOrder = { address: { countryId: 'FR' }, pricesIncludeTax: true, lines: [{ orderLineId: 'a', amountMinor: 1000, taxClass: 'standard' }], discountMinor: 0, shipping: null };
    assert.deepEqual(calculateTableTax(order, [region('gb', 'GB', null, { standard: 2000 })]), { lines: [], taxTotalMinor: 0 });
    assert.deepEqual(calculateTableTax({ ...order, address: null }, [region('fr', 'FR', null, { standard: 2000 })]), { lines: [], taxTotalMinor: 0 });
  });

  it('a partial refund carries its share of tax; a full refund returns all of it', () => {
    const order = { taxTotalMinor: 297, totalMinor: 5045 };
    assert.equal(refundTaxShare(order, 0, 1000), 59, '297 × 1000 / 5045 = 58.87 → 59');
    assert.equal(refundTaxShare(order, 1000, 4045), 238, 'the rest');
    assert.equal(taxRefunded(order, 5045), 297);
    assert.equal(taxRefunded(order, 9999), 297, 'never more than charged');
  });
});

describe('properties over random orders (seeded)', () => {
  const classes = ['standard', 'reduced', 'zero', 'books'];
  const rates = () => ({ standard: 2000, reduced: 500, zero: 0, books: 700 });

  function randomOrder(next: () => number): TaxableOrder & { subtotalMinor: number } {
    const int = (max: number) => Math.floor(next() * (max + 1));
    const n = 1 + int(20);
    const lines = Array.from({ length: n }, (_, i) => ({ orderLineId: `l${i}`, amountMinor: 1 + int(next() < 0.1 ? 100_000_000 : 50_000), taxClass: classes[int(classes.length - 1)]! }));
    const subtotalMinor = lines.reduce((s, l) => s + l.amountMinor, 0);
    const discountMinor = next() < 0.5 ? int(subtotalMinor) : 0;
    const shipping = next() < 0.6 ? { amountMinor: int(5000), taxClass: classes[int(classes.length - 1)]! } : null;
    return { address: { countryId: 'GB' }, pricesIncludeTax: next() < 0.5, lines, discountMinor, shipping, subtotalMinor };
  }

  it('line taxes sum to the order tax; net + tax = gross with prices including tax; discount shares sum exactly', () => {
    const next = prng(35);
    for (let run = 0; run < 2000; run += 1) {
      const order = randomOrder(next);
      const result = calculateTableTax(order, [region('gb', 'GB', null, rates())]);
      assert.equal(result.lines.reduce((s, l) => s + l.amountMinor, 0), result.taxTotalMinor, `run ${run}`);
      const shares = allocateProportionally(order.discountMinor, order.lines.map((l) => l.amountMinor));
      assert.equal(shares.reduce((s, x) => s + x, 0), order.discountMinor, `run ${run}: discount shares`);
      shares.forEach((share, i) => {
        assert.ok(share >= 0 && share <= order.lines[i]!.amountMinor, `run ${run}: share ${i}`);
      });
      for (const line of result.lines) {
        assert.ok(Number.isInteger(line.amountMinor) && line.amountMinor >= 0, `run ${run}: integer tax`);
        if (order.pricesIncludeTax) assert.ok(line.amountMinor <= line.taxableMinor, `run ${run}: a gross holds at most itself`);
      }
      const deliveryFeeMinor = order.shipping?.amountMinor ?? 0;
      const total = orderTotal({ subtotalMinor: order.subtotalMinor, discountMinor: order.discountMinor, deliveryFeeMinor, taxTotalMinor: result.taxTotalMinor, pricesIncludeTax: order.pricesIncludeTax });
      const gross = result.lines.reduce((s, l) => s + l.taxableMinor, 0);
      if (order.pricesIncludeTax) {
        assert.equal(gross, total, `run ${run}: the taxed grosses are the total`);
        const net = result.lines.reduce((s, l) => s + (l.taxableMinor - l.amountMinor), 0);
        assert.equal(net + result.taxTotalMinor, total, `run ${run}: net + tax = gross`);
      } else {
        assert.equal(total, gross + result.taxTotalMinor, `run ${run}: total = net + tax`);
      }
    }
  });

  it('refunds never return more tax than was charged, whatever the split', () => {
    const next = prng(3535);
    for (let run = 0; run < 2000; run += 1) {
      const totalMinor = 1 + Math.floor(next() * 1_000_000);
      const taxTotalMinor = Math.floor(next() * totalMinor * 0.3);
      const order = { taxTotalMinor, totalMinor };
      let refunded = 0;
      let taxBack = 0;
      while (refunded < totalMinor) {
        const amount = Math.min(totalMinor - refunded, 1 + Math.floor(next() * totalMinor * 0.4));
        const share = refundTaxShare(order, refunded, amount);
        assert.ok(share >= 0, `run ${run}: a share is never negative`);
        taxBack += share;
        refunded += amount;
        assert.ok(taxBack <= taxTotalMinor, `run ${run}: at most the tax charged`);
      }
      assert.equal(taxBack, taxTotalMinor, `run ${run}: a refund of everything returns all the tax`);
    }
  });
});
