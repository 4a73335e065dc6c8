import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import type { Mode, Tenant } from './api/client.ts';
import type { Schemas } from './api/wire.ts';

type StoreSummary = Schemas['StoreSummary'];

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

/** Where the last store chosen is kept, so the next sign-in opens it instead of the store picker (an id, not a secret). */
const LAST_STORE = 'dashboard:last-store';

function lastStore(): string | null {
  try {
    return localStorage.getItem(LAST_STORE);
  } catch {
    return null; // storage refused (private mode, policy): the picker shows, as before
  }
}

// The choice survives navigation inside the app (and is mirrored in the URL: ?store=…&mode=test); the store also
// survives a sign-in (`rememberStore`). A remembered store the member no longer belongs to is ignored.
export const remembered: { storeId: string | null; mode: Mode } = { storeId: lastStore(), mode: 'live' };

/** The store the member works in now: kept for this visit and for the next sign-in on this browser. */
export function rememberStore(id: string): void {
  remembered.storeId = id;
  try {
    if (localStorage.getItem(LAST_STORE) !== id) localStorage.setItem(LAST_STORE, id);
  } catch {
    // storage refused: remembered for this visit only
  }
}

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
