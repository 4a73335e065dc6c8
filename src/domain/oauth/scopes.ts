import { expandPermissions, isPermission, PERMISSIONS, type Permission } from '../shared/permissions.ts';

/** The AI connector's scope: full store access through MCP tools (within the merchant's role), nothing on REST. */
export const CONNECTOR_SCOPE = 'mcp:store';

/** Every scope (docs/oauth.md, "Scopes"), `mcp:store` first (it is the default). */
export const SCOPES = [CONNECTOR_SCOPE, ...PERMISSIONS] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope lets an app do, in plain words, for the consent and Connected Apps pages (docs/oauth.md, "The pages"). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'mcp:store': 'Use your store through the AI connector, with everything your role allows',
  'orders:read': 'View orders and their history',
  'orders:write': 'Create, update, cancel and refund orders',
  'products:read': 'View products, categories and inventory',
  'products:write': 'Create, edit and delete products',
  'customers:read': 'View customer details and profiles',
  'customers:write': 'Update or ban customer accounts',
  'inventory:read': 'View stock levels across warehouses',
  'inventory:write': 'Update stock quantities and manage warehouse inventory',
  'analytics:read': 'View and export analytics and reports',
  'promotions:read': 'View promotions and discount rules',
  'promotions:write': 'Create, edit and delete promotions',
  'reviews:read': 'View product reviews',
  'reviews:write': 'Manage and respond to reviews',
  'delivery:read': 'View delivery options and zones',
  'delivery:write': 'Manage delivery options and zones',
  'payments:read': 'View payment records and payment links',
  'payments:write': 'Manage payment options and payment links',
  'settings:read': 'View store settings and audit logs',
  'settings:write': 'Manage store settings, the domain whitelist and API keys',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** In vocabulary order without duplicates, for stable output. */
export function sortScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

export function formatScope(scopes: Iterable<Scope>): string {
  return sortScopes(scopes).join(' ');
}

/** A stored, space-separated scope string back as a list (unknown values dropped). */
export function parseStoredScope(value: string): Scope[] {
  return sortScopes(value.split(' ').filter(isScope));
}

/**
 * What a token's scopes allow on the REST API: its permission scopes (a write scope implies the read scope of its
 * area, as for API keys). `mcp:store` grants nothing here: it is for the AI connector only.
 */
export function restPermissionsOf(scopes: Iterable<Scope>): Set<Permission> {
  return expandPermissions([...scopes].filter(isPermission));
}

/**
 * The scopes a merchant may hand an app in a store: the requested ones that do not exceed the merchant's own
 * permissions there. `mcp:store` is offered to any member (on the connector it is bounded by the member's role).
 */
export function offerableScopes(requested: readonly Scope[], permissions: ReadonlySet<Permission>): Scope[] {
  return sortScopes(requested.filter((s) => s === CONNECTOR_SCOPE || (isPermission(s) && permissions.has(s))));
}
