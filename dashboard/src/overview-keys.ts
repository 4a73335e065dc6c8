import type { Tenant } from './api/client.ts';

/** How many low-stock SKUs the overview lists. */
export const LOW_STOCK_LIMIT = 20;

/**
 * The overview's cached reads (their routes answer with cache windows): their query keys, in one place so a page that
 * changes stock can make the overview's next read go past the browser's cache (`invalidatePastCache`).
 */
export const lowStockKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'low-stock', LOW_STOCK_LIMIT] as const;
export const stockTotalsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'inventory'] as const;
