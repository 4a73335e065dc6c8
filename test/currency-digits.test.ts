import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runtimeDigits } from '../scripts/currency-digits.ts';
import { CURRENCY_DIGITS } from '../src/domain/shared/currency-digits.ts';
import { currencyOf, isCurrencyCode } from '../src/domain/shared/money.ts';

/**
 * The table of minor-unit digits (src/domain/shared/currency-digits.ts) is the running Node's CLDR data: every currency
 * Intl knows with the digits Intl.NumberFormat gives it, and nothing else. Regenerate it with
 * `node scripts/currency-digits.ts --write` when this fails after a Node upgrade.
 */
it('the currency digits table holds exactly the runtime CLDR currencies and digits', () => {
  assert.deepEqual([...CURRENCY_DIGITS.entries()].sort(([a], [b]) => a.localeCompare(b)), runtimeDigits());
});

it('currencyOf answers the table digits, and 2 for a code the table lacks, as Intl does', () => {
  assert.deepEqual(
    ['USD', 'JPY', 'BHD', 'EUR', 'ISK'].map((code) => currencyOf(code).digits),
    ['USD', 'JPY', 'BHD', 'EUR', 'ISK'].map((code) => new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits),
  );
  assert.equal(currencyOf('XZZ').digits, new Intl.NumberFormat('en', { style: 'currency', currency: 'XZZ' }).resolvedOptions().maximumFractionDigits);
  assert.equal(isCurrencyCode('EUR'), true);
  assert.equal(isCurrencyCode('XZZ'), false);
  assert.equal(isCurrencyCode('eur'), false);
});
