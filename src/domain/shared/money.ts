import type { StoreContext } from '../../context.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import { CURRENCY_DIGITS } from './currency-digits.ts';

/** The repositories money.ts reads and writes (the composition root passes them; src/db implements them). */
export interface CurrencyRepos {
  stores: Pick<StoreRepo, 'findStore'>;
}

/** Money as the service sees it on input and output: a decimal in the store currency and its minor-unit digits. */
export interface Currency {
  code: string;
  digits: number;
}

const known = new Map<string, Currency>();

/**
 * Minor-unit digits of an ISO 4217 currency (USD 2, JPY 0, BHD 3), from CLDR's data as the table generated from the
 * runtime has it (currency-digits.ts: serving a price never loads ICU); 2 for a code the table lacks, as Intl does.
 */
export function currencyOf(code: string): Currency {
  let currency = known.get(code);
  if (!currency) {
    currency = Object.freeze({ code, digits: CURRENCY_DIGITS.get(code) ?? 2 });
    known.set(code, currency);
  }
  return currency;
}

/** Whether `code` is an ISO 4217 currency code the service knows. */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_DIGITS.has(code);
}

/**
 * A decimal amount in minor units, or null when it has more decimals than the currency allows. Works on the decimal
 * text of the number so 19.99 becomes exactly 1999, never 1998.9999.
 */
export function toMinor(amount: number, currency: Currency): number | null {
  if (!Number.isFinite(amount)) return null;
  const [whole, fraction = ''] = Math.abs(amount).toFixed(12).replace(/0+$/, '').replace(/\.$/, '').split('.');
  if (fraction.length > currency.digits) return null;
  const minor = Number(whole) * 10 ** currency.digits + Number(fraction.padEnd(currency.digits, '0') || '0');
  return amount < 0 ? -minor : minor;
}

export function fromMinor(minor: number, currency: Currency): number {
  return minor / 10 ** currency.digits;
}

/** A percentage 0-100 with at most two decimals, in basis points; null otherwise. */
export function toBasisPoints(percent: number): number | null {
  const bp = Math.round(percent * 100);
  if (Math.abs(bp - percent * 100) > 1e-6) return null;
  return bp;
}

/** A new store's currency, and the one assumed for a store without one. */
export const DEFAULT_CURRENCY = 'USD';

/** The store's currency (its business profile's), USD until one is set. */
export async function storeCurrency(repos: { stores: Pick<StoreRepo, 'findStore'> }, ctx: StoreContext): Promise<Currency> {
  if (ctx.storeCurrencyRead?.storeId === ctx.tenant.storeId) return currencyOf(ctx.storeCurrencyRead.code);
  const store = await repos.stores.findStore(ctx.tenant.storeId);
  return currencyOf(store?.currency ?? DEFAULT_CURRENCY);
}
