import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import type { Tenant } from './api/client.ts';
import type { Mode, StoreSummary } from './api/types.ts';

export interface TenantState {
  stores: StoreSummary[];
  store: StoreSummary | null; // null: several stores and none chosen yet
  mode: Mode;
  permissions: ReadonlySet<string> | null; // null: not known yet
  chooseStore(id: string): void;
}

export const TenantContext = createContext<TenantState | null>(null);

export function useTenant(): TenantState {
  const value = useContext(TenantContext);
  if (!value) throw new Error('useTenant outside the app shell');
  return value;
}

/** The store and mode every store-scoped request and query key carries. */
export function tenantOf(state: TenantState): Tenant | null {
  return state.store ? { storeId: state.store.id, mode: state.mode } : null;
}

// The choice survives navigation inside the app (and is mirrored in the URL: ?store=…&mode=test).
export const remembered: { storeId: string | null; mode: Mode } = { storeId: null, mode: 'live' };

/** The query string that carries the store and mode across links. */
export function keepTenant(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const name of ['store', 'mode']) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  const s = next.toString();
  return s ? `?${s}` : '';
}

/** The store-and-mode query string of the current page, for links. */
export function useTenantSearch(): string {
  const [params] = useSearchParams();
  return keepTenant(params);
}
