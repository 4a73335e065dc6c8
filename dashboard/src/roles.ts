import type { Role } from './api/types.ts';

/**
 * The permissions of each role, as the API defines them (src/domain/permissions.ts; test/dashboard-roles.test.ts keeps
 * the two equal): the Team page offers only roles whose permissions are all within the member's own, as the API
 * would refuse the others.
 */
const ALL: readonly string[] = [
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
];

/** What each role may do (src/domain/permissions.ts), to offer only roles the API would let the caller give. */
export const ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  owner: ALL,
  admin: ALL.filter((p) => p !== 'settings:write'),
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

