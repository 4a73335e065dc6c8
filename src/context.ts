import type { Scope } from './domain/oauth/scopes.ts';
import type { Permission, Role } from './domain/shared/permissions.ts';

export type Mode = 'live' | 'test';

/** Who is acting. `userId` is the person behind the action (an API key's creator, an app's approving merchant). */
export interface Actor {
  type: 'user' | 'api_key' | 'oauth_app' | 'ai_connector' | 'publishable_key' | 'system';
  /** The credential or user id that acted (user id, API key id, OAuth client id, publishable key id). */
  id: string;
  /** Human-readable, for audit logs: an email, an API key prefix, an app name. */
  label: string;
  userId: string | null;
}

/** The active store and mode: every tenant-owned read and write is scoped to it. */
export interface Tenant {
  storeId: string;
  mode: Mode;
}

/**
 * What every domain service receives first: who is calling, for which store, with what rights, and when.
 * Built by the HTTP layer (or the MCP layer) from the request; a service never sees the request itself.
 */
export interface RequestContext {
  requestId: string;
  /** The instant the request is handled; services use it instead of reading the clock. */
  now: Date;
  actor?: Actor;
}

/** A signed-in caller (session, API key, OAuth token) without a store chosen yet. */
export interface UserContext extends RequestContext {
  actor: Actor;
  /**
   * How the caller authenticated; some operations need a person (a session), not a key. `publishable_key`: a
   * storefront's key, which reads as a shopper (domain/shared/access.ts `readAs`) and has no permission at all.
   */
  credential: 'session' | 'api_key' | 'oauth' | 'publishable_key';
  /**
   * For an OAuth access token: the app and the scopes the merchant granted it, an upper bound on what it may do
   * (the AI connector reads `mcp:store` here).
   */
  app?: { clientId: string; clientName: string; scopes: readonly Scope[]; resource: string };
}

/** A caller acting in one store and mode, with the permissions they have there. */
export interface StoreContext extends UserContext {
  tenant: Tenant;
  /** The member's role; `staff` with no permissions for a publishable key or a key whose creator left the store. */
  role: Role;
  permissions: ReadonlySet<Permission>;
  /**
   * The currency code of store `storeId` as read in this request with the credential (a publishable key's read joins
   * its store): `storeCurrency` (domain/shared/money.ts) answers it for that store instead of reading the store again.
   */
  storeCurrencyRead?: { storeId: string; code: string };
}

export function systemContext(requestId = 'system', now = new Date()): RequestContext {
  return { requestId, now };
}
