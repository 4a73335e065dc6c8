/**
 * The permission vocabulary: exactly the scope list of docs/oauth.md ("Scopes"), less `mcp:store` (which is a scope for the
 * AI connector, not a permission). A write permission implies the read permission of the same area.
 */
export const PERMISSIONS = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'inventory:read',
  'inventory:write',
  'analytics:read',
  'promotions:read',
  'promotions:write',
  'reviews:read',
  'reviews:write',
  'delivery:read',
  'delivery:write',
  'payments:read',
  'payments:write',
  'settings:read',
  'settings:write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do. Owners everything; admins everything but settings:write (keys, members, store settings). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== 'settings:write'),
  staff: [
    'orders:read',
    'orders:write',
    'products:read',
    'customers:read',
    'customers:write',
    'inventory:read',
    'inventory:write',
    'reviews:read',
    'delivery:read',
    'promotions:read',
    'payments:read',
  ],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Adds the read permission of every area that has its write permission. */
export function expandPermissions(permissions: Iterable<Permission>): Set<Permission> {
  const out = new Set<Permission>();
  for (const p of permissions) {
    out.add(p);
    if (p.endsWith(':write')) {
      const read = p.replace(/:write$/, ':read');
      if (isPermission(read)) out.add(read);
    }
  }
  return out;
}

/** The effective permissions: what the role allows, further limited by the credential's restriction (if any). */
export function effectivePermissions(role: Role, restriction: readonly Permission[] | null): Set<Permission> {
  const allowed = expandPermissions(ROLE_PERMISSIONS[role]);
  if (restriction === null) return allowed;
  const restricted = expandPermissions(restriction);
  return new Set([...allowed].filter((p) => restricted.has(p)));
}

/** In vocabulary order, for stable output. */
export function sortPermissions(permissions: Iterable<Permission>): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((p) => set.has(p));
}
