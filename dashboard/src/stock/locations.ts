import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type Schemas } from '../api/wire.ts';
import { isConflict } from '../components/Conflict.tsx';
import { ifMatch, loadTagged } from '../editor.ts';
import { formatNumber } from '../format.ts';

export type StockLocation = Schemas['StockLocation'];
export type LocationLevel = Schemas['LocationStockLevel'];

/** Every location query of a store and mode (the list, one location, its levels, a SKU's levels). */
export const locationsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'inventory', 'locations'] as const;

/** A store has at most 100 locations per mode (docs/fulfilment.md): one page holds them all, in the order of preference. */
export const MAX_LOCATIONS = 100;

/** The store's locations in the order of preference (`GET /v1/locations`). */
export function useLocations(tenant: Tenant) {
  return useQuery({
    queryKey: [...locationsKey(tenant), 'list'],
    queryFn: ({ signal }) => call('get', '/v1/locations', { tenant, signal, query: { limit: MAX_LOCATIONS } }).then((r) => r.data),
  });
}

/** The reasons an adjustment at a location takes, in a merchant's words (`reason` of `POST /v1/locations/{id}/adjustments`). */
export const ADJUSTMENT_REASONS: { value: 'received' | 'damaged' | 'count_correction' | 'returned'; label: string }[] = [
  { value: 'received', label: 'Received' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'count_correction', label: 'Stock count correction' },
  { value: 'returned', label: 'Returned' },
];

/** A location's address on one line ("12 Dock Rd, Leeds, GB"), or null for none. */
export function addressLine(l: StockLocation): string | null {
  const a = l.address;
  return a ? [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.countryId].filter(Boolean).join(', ') : null;
}

/** After a change of locations or of stock at one: every location and inventory read of the store and mode again. */
export function locationsChanged(queryClient: QueryClient, tenant: Tenant): void {
  void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'inventory'] });
  void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
}

/** A location changed since the merchant saw it, found before writing (its `updatedAt` moved). */
export class LocationChangedMeanwhile extends Error {}

/** A write refused because someone else changed the location first: the 412 of `If-Match`, or a change seen before writing. */
export function changedMeanwhile(error: unknown): boolean {
  return isConflict(error) || error instanceof LocationChangedMeanwhile;
}

/**
 * The `If-Match` for a write to a location as the merchant saw it in a list (which carries no ETag per location): its
 * current ETag, read again, provided the location has not changed since (`updatedAt`); otherwise the write stops.
 */
export async function ifMatchSeen(tenant: Tenant, seen: StockLocation): Promise<Record<string, string>> {
  const now = await loadTagged<StockLocation>(`/v1/locations/${encodeURIComponent(seen.id)}`, tenant, { fresh: true });
  if (now.value.updatedAt !== seen.updatedAt) throw new LocationChangedMeanwhile(`${seen.name} changed meanwhile.`);
  return ifMatch(now.etag);
}

/** The largest page of levels the API gives (`limit`). */
const LEVELS_PAGE = 100;

/** The units a location holds (on hand, of them allocated to orders), summed over its stock levels. */
async function holdingsAt(tenant: Tenant, locationId: string): Promise<{ onHand: number; allocated: number }> {
  const held = { onHand: 0, allocated: 0 };
  let cursor: string | undefined;
  do {
    const page = await call('get', '/v1/locations/{id}/levels', { tenant, params: { id: locationId }, query: { limit: LEVELS_PAGE, cursor } });
    for (const l of page.data) {
      held.onHand += l.onHand;
      held.allocated += l.allocated;
    }
    cursor = page.pagination?.nextCursor ?? undefined;
  } while (cursor);
  return held;
}

const units = (n: number) => (n === 1 ? 'one unit' : `${formatNumber(n)} units`);

/**
 * Deletes a location as the merchant saw it (`If-Match` its ETag). The API's refusal for a location that still has
 * stock or shipments on their way (`LOCATION_HOLDS_STOCK`) comes back in a merchant's words, with what it holds.
 */
export async function deleteLocation(tenant: Tenant, location: StockLocation, etag: string | null): Promise<void> {
  try {
    await call('delete', '/v1/locations/{id}', { tenant, params: { id: location.id }, headers: ifMatch(etag) });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'LOCATION_HOLDS_STOCK')) throw error;
    const held = await holdingsAt(tenant, location.id).catch(() => null);
    if (held && held.onHand > 0) {
      const allocated = held.allocated > 0 ? ` (${held.allocated === held.onHand ? 'all' : formatNumber(held.allocated)} of them set aside for orders not shipped yet)` : '';
      throw new Error(`${location.name} still holds ${units(held.onHand)}${allocated}, so it cannot be deleted. Deactivate it to take its stock off sale, or move the stock to another location on the Inventory page first.`);
    }
    if (held)
      throw new Error(`${location.name} has shipments on their way that are not delivered yet, so it cannot be deleted. Deactivate it instead, or delete it once they are marked delivered.`);
    throw new Error(`${location.name} still holds stock or has shipments not delivered yet, so it cannot be deleted. Deactivate it instead, or move its stock away and wait for its shipments to be delivered first.`);
  }
}
