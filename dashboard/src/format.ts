import { parseWireTimestamp } from './api/session.ts';

// Formatters are costly to build; keep one per option set.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(undefined, options);
    cache.set(key, f);
  }
  return f;
}

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, options);
    cache.set(key, f);
  }
  return f;
}

/** An amount in the store currency (the API sends decimals in the currency's major unit). */
export function formatMoney(value: number, currency: string): string {
  try {
    return numberFormat(`money:${currency}`, { style: 'currency', currency }).format(value);
  } catch {
    return `${formatNumber(value)} ${currency}`;
  }
}

/** A short amount for chart axes ("$1.2K"). */
export function formatMoneyCompact(value: number, currency: string): string {
  try {
    return numberFormat(`money-compact:${currency}`, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(value);
  } catch {
    return formatNumber(value);
  }
}

export function formatNumber(value: number): string {
  return numberFormat('number', {}).format(value);
}

export function formatPercent(value: number): string {
  return numberFormat('percent', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(value);
}

/** A store-local calendar date ("YYYY-MM-DD", already in the store's time zone): no zone conversion. */
export function formatLocalDate(date: string, style: 'medium' | 'short' = 'medium'): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) return date;
  return style === 'short'
    ? dateFormat('local-date-short', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(ms)
    : dateFormat('local-date', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}

/** A wire timestamp (UTC, no zone) shown in the store's time zone, with the zone's short name. */
export function formatTimestamp(value: string, timeZone: string): string {
  const ms = parseWireTimestamp(value);
  if (Number.isNaN(ms)) return value;
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the fields are spelled out.
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return dateFormat(`ts:${timeZone}`, { ...options, timeZone }).format(ms);
  } catch {
    return dateFormat('ts:UTC', { ...options, timeZone: 'UTC' }).format(ms);
  }
}
