import type { ErrorDetail } from '../../errors.ts';
import type { DeliveryAddress, DeliveryOption, DeliveryZone, Region } from './types.ts';

/** `US` for the whole country, `US-CA` for a state: the identity of a region within a store and mode. */
export function regionKey(region: Region): string {
  return region.stateId ?? region.countryId;
}

export function describeRegion(region: Region): string {
  return region.stateId === null ? `${region.countryId} (whole country)` : region.stateId;
}

/**
 * The zone that serves an address, or null. Each region belongs to at most one zone, and the most specific region
 * wins: a zone listing the address's state serves it before a zone listing its whole country. So "US" in one zone
 * and "US-AK", "US-HI" in another send Alaska and Hawaii to the second and the rest of the US to the first.
 */
export function servingZone<Z extends DeliveryZone>(zones: readonly Z[], address: DeliveryAddress): Z | null {
  const stateId = address.stateId ?? null;
  let countryWide: Z | null = null;
  for (const zone of zones) {
    for (const region of zone.regions) {
      if (region.countryId !== address.countryId) continue;
      if (region.stateId === null) countryWide ??= zone;
      else if (stateId !== null && region.stateId === stateId) return zone;
    }
  }
  return countryWide;
}

/** The fee of an option for an order subtotal: waived (0) when the subtotal is at least the free-over threshold. */
export function deliveryFee(option: Pick<DeliveryOption, 'feeMinor' | 'freeOverMinor'>, subtotalMinor: number): number {
  if (option.freeOverMinor !== null && subtotalMinor >= option.freeOverMinor) return 0;
  return option.feeMinor;
}

/**
 * Rules within one zone's region list: no region twice, and no state of a country the zone already covers whole.
 * Each problem names the region (`regions[2]`, `regions[2].stateId`).
 */
export function checkRegionList(regions: readonly Region[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Map<string, number>();
  const wholeCountries = new Map<string, number>();
  regions.forEach((r, i) => {
    if (r.stateId === null && !wholeCountries.has(r.countryId)) wholeCountries.set(r.countryId, i);
  });
  regions.forEach((r, i) => {
    const key = regionKey(r);
    const first = seen.get(key);
    if (first !== undefined) {
      details.push({ path: `regions[${i}]`, rule: `duplicates regions[${first}] (${describeRegion(r)})` });
      return;
    }
    seen.set(key, i);
    const whole = wholeCountries.get(r.countryId);
    if (r.stateId !== null && whole !== undefined) {
      details.push({ path: `regions[${i}].stateId`, rule: `is already covered by regions[${whole}], the whole of ${r.countryId}` });
    }
  });
  return details;
}
